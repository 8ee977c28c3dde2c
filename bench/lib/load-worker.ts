/**
 * A load generator on a thread of its own (bench/lib/load-thread.js), so that the requests it sends and the
 * answers it reads take no CPU time from the thread it measures (the benchmark's main thread runs the provider).
 *
 * `startLoadGenerator(origin, connections)` gives `run(path, cookie, count)`: `count` GETs of `path` over
 * `connections` keep-alive connections of that path's own pool, each connection sending its next request
 * when the last one ends; answers are read to the end without decoding.
 */
import { Worker } from "node:worker_threads";

export interface Load {
  durations: number[];
  errors: number;
  seconds: number;
}

interface RunMessage {
  id: number;
  path: string;
  cookie: string | null;
  count: number;
}

export interface LoadGenerator {
  run(path: string, cookie: string | null, count: number): Promise<Load>;
  close(): Promise<void>;
}

export function startLoadGenerator(origin: string, connections: number): LoadGenerator {
  // Plain JavaScript: a worker's entry is loaded before any TypeScript loader hook could apply.
  const worker = new Worker(new URL("./load-thread.js", import.meta.url), { workerData: { origin, connections } });
  const pending = new Map<number, (load: Load) => void>();
  let nextId = 0;
  worker.on("message", ({ id, load }: { id: number; load: Load }) => {
    pending.get(id)?.(load);
    pending.delete(id);
  });
  return {
    run(path, cookie, count) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, resolve);
        worker.once("error", reject);
        worker.postMessage({ id, path, cookie, count } satisfies RunMessage);
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}
