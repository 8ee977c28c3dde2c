// The load generator's thread (started by load-worker.ts): for each message { id, path, cookie, count },
// `count` GETs of `path` over the path's own pool of keep-alive connections, each connection sending its next
// request when the last one ends; answers are read to the end without decoding. Replies { id, load }.
import { performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";
import { Pool } from "undici";

const { origin, connections } = workerData;
const pools = new Map();

parentPort.on("message", async ({ id, path, cookie, count }) => {
  const key = `${path}\u0000${cookie ?? ""}`;
  if (!pools.has(key)) pools.set(key, new Pool(origin, { connections, pipelining: 1 }));
  const pool = pools.get(key);
  const headers = cookie ? { accept: "text/html", cookie } : { accept: "text/html" };
  const durations = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < count) {
        next++;
        const sent = performance.now();
        let ok = false;
        try {
          const response = await pool.request({ method: "GET", path, headers });
          for await (const chunk of response.body) void chunk;
          ok = response.statusCode === 200;
        } catch {
          ok = false;
        }
        durations.push(performance.now() - sent);
        if (!ok) errors++;
      }
    }),
  );
  parentPort.postMessage({ id, load: { durations, errors, seconds: (performance.now() - started) / 1000 } });
});
