/**
 * A 20 MB PDF uploaded through the app to the provider (issue 14, "Performance and limits"): logged in as
 * the Northgate Bank lender, on a demo workspace of theirs that takes uploads, the Documents tab's own
 * upload form (its hidden fields read from the page, as a browser without JavaScript sends it) posts a
 * PDF just under the 20,971,520-byte limit, streamed from disk. While it runs, the resident memory of the
 * app's process (/proc) and of this process (which runs the provider) is sampled every 10 ms.
 *
 * Targets at the largest size: each process's resident memory grows by less than 64 MB during an upload;
 * throughput (bytes / time to the app's answer) at least 50 MB/s on loopback; no upload refused.
 */
import { randomBytes } from "node:crypto";
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { Readable } from "node:stream";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import { request as undiciRequest } from "undici";
import { MAX_UPLOAD_BYTES } from "../../core/documents/enums.js";
import { DEMO_USERS } from "../../provider/platform/demo-world.js";
import { summarise } from "../lib/measure.js";
import type { BenchContext, BenchSection, Measurement, TargetResult } from "../lib/types.js";
import { logIn, runningApp } from "./workspaces-page.js";

const SECTION = "document-upload";
const UPLOAD = "POST a 20 MB PDF to the Documents tab (app → provider → storage)";
const SAMPLES = 3;
const MEMORY_TARGET_MB = 64;
const THROUGHPUT_TARGET_MB_S = 50;
const MB = 1024 * 1024;

/** A valid PDF a little under the limit: one page and an attachment of random (incompressible) bytes. */
async function bigPdf(path: string): Promise<number> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595.28, 841.89]).drawText("Benchmark upload", { x: 56, y: 780, size: 14 });
  const base = (await pdf.save()).length;
  await pdf.attach(randomBytes(MAX_UPLOAD_BYTES - base - 64 * 1024), "padding.bin", { mimeType: "application/octet-stream" });
  const bytes = await pdf.save({ useObjectStreams: false });
  writeFileSync(path, bytes);
  return bytes.length;
}

/** Resident memory in bytes of a process, from /proc (Linux). */
function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : NaN;
}

/** The lender's demo workspace that takes uploads (not locked, not cancelled). */
async function benchWorkspaceId(ctx: BenchContext): Promise<string> {
  const row = await ctx.db
    .selectFrom("workspaces as w")
    .innerJoin("workspace_participants as p", "p.workspace_id", "w.workspace_id")
    .innerJoin("user_subscribers as us", "us.subscriber_id", "p.subscriber_id")
    .innerJoin("subscriber_users as u", "u.subscriber_user_id", "us.subscriber_user_id")
    .select("w.workspace_id")
    .where("u.email", "=", DEMO_USERS.lender.email)
    .where("w.status", "=", "CREATED")
    .orderBy("w.workspace_reference_id")
    .executeTakeFirst();
  if (!row) throw new Error("No demo workspace of the lender in CREATED: the demo world seeds several");
  return row.workspace_id;
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, "i").exec(tag);
  return match ? (match[2] ?? match[3]).replace(/&amp;/g, "&").replace(/&quot;/g, '"') : undefined;
}

/** The upload form of the Documents tab: where it posts, its hidden fields, its file field and a document type. */
async function uploadForm(origin: string, path: string, cookie: string) {
  const response = await undiciRequest(`${origin}${path}`, { headers: { cookie } });
  const html = await response.body.text();
  const form = /<form\b[^>]*enctype=["']multipart\/form-data["'][^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (response.statusCode !== 200 || !form) throw new Error(`No upload form on ${path}: ${response.statusCode}`);
  const action = attribute(/<form\b[^>]*>/i.exec(form[0])![0], "action") ?? path;
  const fields: [string, string][] = [];
  let fileField = "file";
  for (const [tag] of form[1].matchAll(/<(?:input|button)\b[^>]*>/gi)) {
    const name = attribute(tag, "name");
    const type = (attribute(tag, "type") ?? "text").toLowerCase();
    if (!name) continue;
    if (type === "file") fileField = name;
    else if (type === "hidden" || (type === "submit" && name === "intent")) fields.push([name, attribute(tag, "value") ?? ""]);
  }
  const select = /<select\b[^>]*name=["']documentType["'][^>]*>([\s\S]*?)<\/select>/i.exec(form[1]);
  const documentType = select ? [...select[1].matchAll(/<option\b[^>]*value=["']([^"']+)["']/gi)].map((m) => m[1]).find((v) => v === "MORTGAGE_OFFER") ?? "MORTGAGE_OFFER" : "MORTGAGE_OFFER";
  fields.push(["documentType", documentType]);
  return { action: new URL(action, `${origin}${path}`).pathname + new URL(action, `${origin}${path}`).search, fields, fileField };
}

/** A multipart body streamed from disk: the fields first (the CSRF token before the file), then the file. */
function multipart(fields: readonly [string, string][], fileField: string, filePath: string) {
  const boundary = `----bench${randomBytes(12).toString("hex")}`;
  const head = Buffer.from(
    fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("") +
      `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="bench-upload.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(filePath).size + tail.length;
  async function* body() {
    yield head;
    for await (const chunk of createReadStream(filePath, { highWaterMark: 256 * 1024 })) yield chunk as Buffer;
    yield tail;
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, length, body: () => Readable.from(body()) };
}

async function run(ctx: BenchContext): Promise<Measurement[]> {
  const app = runningApp();
  const cookie = await logIn(app, ctx.providerUrl, DEMO_USERS.lender.email);
  const workspaceId = await benchWorkspaceId(ctx);
  const path = `/workspaces/${workspaceId}/documents`;
  const folder = mkdtempSync(join(tmpdir(), "convey-bench-upload-"));
  const file = join(folder, "upload.pdf");
  try {
    const size = await bigPdf(file);
    const durations: number[] = [];
    const appGrowth: number[] = [];
    const providerGrowth: number[] = [];
    let errors = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const form = await uploadForm(app.origin, path, cookie);
      const body = multipart(form.fields, form.fileField, file);
      global.gc?.();
      const appBase = rssOf(app.process.pid!);
      const providerBase = process.memoryUsage().rss;
      let appPeak = appBase;
      let providerPeak = providerBase;
      const sampler = setInterval(() => {
        appPeak = Math.max(appPeak, rssOf(app.process.pid!));
        providerPeak = Math.max(providerPeak, process.memoryUsage().rss);
      }, 10);
      const started = performance.now();
      try {
        const response = await undiciRequest(`${app.origin}${form.action}`, {
          method: "POST",
          headers: { cookie, host: new URL(app.publicUrl).host, origin: new URL(app.publicUrl).origin, "sec-fetch-site": "same-origin", "content-type": body.contentType, "content-length": String(body.length) },
          body: body.body(),
        });
        const text = await response.body.text();
        const ms = performance.now() - started;
        // The app answers a no-JavaScript post with a redirect back to the tab (303), carrying the flash.
        if (response.statusCode !== 303 && response.statusCode !== 302 && response.statusCode !== 200) {
          errors++;
          ctx.log(`  upload answered ${response.statusCode}: ${text.slice(0, 200)}`);
        } else durations.push(ms);
      } catch (error) {
        errors++;
        ctx.log(`  upload failed: ${(error as Error).message}`);
      } finally {
        clearInterval(sampler);
      }
      appGrowth.push(appPeak - appBase);
      providerGrowth.push(providerPeak - providerBase);
    }
    const worst = (values: number[]) => Math.round((Math.max(0, ...values) / MB) * 10) / 10;
    const sorted = [...durations].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
    const throughput = Math.round((size / MB / (median / 1000)) * 10) / 10;
    const measurement = summarise(SECTION, UPLOAD, ctx.size, durations, errors, {
      fileMB: Math.round((size / MB) * 100) / 100,
      throughputMBs: throughput,
      appRssGrowthMB: worst(appGrowth),
      providerRssGrowthMB: worst(providerGrowth),
    });
    ctx.log(
      `  ${UPLOAD}: p50 ${measurement.p50} ms (${throughput} MB/s), app RSS +${measurement.notes?.appRssGrowthMB} MB, provider RSS +${measurement.notes?.providerRssGrowthMB} MB, ${errors} errors`,
    );
    return [measurement];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function targets(measurements: readonly Measurement[], sizes: readonly number[]): TargetResult[] {
  const largest = sizes[sizes.length - 1];
  const upload = measurements.find((m) => m.section === SECTION && m.name === UPLOAD && m.size === largest);
  const where = `at ${largest.toLocaleString("en-GB")} workspaces`;
  const note = (key: string) => Number(upload?.notes?.[key] ?? NaN);
  return [
    {
      section: SECTION,
      target: `${UPLOAD}: the app's resident memory grows by less than ${MEMORY_TARGET_MB} MB ${where}`,
      met: upload !== undefined && upload.errors === 0 && note("appRssGrowthMB") < MEMORY_TARGET_MB,
      detail: upload ? `+${note("appRssGrowthMB")} MB, ${upload.errors} errors of ${upload.samples + upload.errors}` : "not measured",
    },
    {
      section: SECTION,
      target: `${UPLOAD}: the provider's resident memory grows by less than ${MEMORY_TARGET_MB} MB ${where}`,
      met: upload !== undefined && upload.errors === 0 && note("providerRssGrowthMB") < MEMORY_TARGET_MB,
      detail: upload ? `+${note("providerRssGrowthMB")} MB` : "not measured",
    },
    {
      section: SECTION,
      target: `${UPLOAD}: at least ${THROUGHPUT_TARGET_MB_S} MB/s on loopback ${where}`,
      met: upload !== undefined && upload.errors === 0 && note("throughputMBs") >= THROUGHPUT_TARGET_MB_S,
      detail: upload ? `${note("throughputMBs")} MB/s (p50 ${upload.p50} ms for ${note("fileMB")} MB)` : "not measured",
    },
  ];
}

export const documentUploadSection: BenchSection = { name: SECTION, run, targets };
