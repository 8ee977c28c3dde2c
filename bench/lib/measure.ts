/** Timing: percentiles of repeated calls, and one HTTP client (undici) kept alive for the whole run. */
import { Pool } from "undici";
import type { Measurement } from "./types.js";

/** The p-th percentile (0–100) by the nearest-rank method. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarise(section: string, name: string, size: number, durations: readonly number[], errors: number, notes?: Measurement["notes"]): Measurement {
  const sorted = [...durations].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    section,
    name,
    size,
    samples: sorted.length,
    errors,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    mean: round(sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length)),
    min: round(sorted[0] ?? NaN),
    max: round(sorted[sorted.length - 1] ?? NaN),
    notes,
  };
}

export interface HttpResult {
  status: number;
  body: string;
  ms: number;
}

/** One keep-alive connection to the provider: requests are timed one after another, as a user makes them. */
export class HttpClient {
  private readonly pool: Pool;
  constructor(readonly origin: string) {
    this.pool = new Pool(origin, { connections: 1, pipelining: 1 });
  }

  async request(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    path: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<HttpResult> {
    const headers: Record<string, string> = { accept: "application/json", ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.body);
    }
    const started = performance.now();
    const response = await this.pool.request({ method, path, headers, body });
    const text = await response.body.text();
    return { status: response.statusCode, body: text, ms: performance.now() - started };
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/**
 * Runs `call` warmup + iterations times; each call gets its iteration number (to vary the input) and
 * returns its duration and whether it succeeded.
 */
export async function repeat(
  iterations: number,
  warmup: number,
  call: (iteration: number) => Promise<{ ms: number; ok: boolean }>,
): Promise<{ durations: number[]; errors: number }> {
  for (let i = 0; i < warmup; i++) await call(-1 - i);
  const durations: number[] = [];
  let errors = 0;
  for (let i = 0; i < iterations; i++) {
    const { ms, ok } = await call(i);
    durations.push(ms);
    if (!ok) errors++;
  }
  return { durations, errors };
}
