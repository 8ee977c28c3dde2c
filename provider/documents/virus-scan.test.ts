/**
 * The virus scan seam: the sandbox finds EICAR anywhere in a stream (split over chunks at every position),
 * answers its fixtures, and the clamd adapter speaks INSTREAM (length-prefixed chunks, a zero-length end)
 * and reads clamd's three kinds of answer, checked against a fake clamd on a local socket.
 */
import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import {
  ClamdVirusScanner,
  EICAR_SIGNATURE,
  SandboxVirusScanner,
  StreamNeedleFinder,
  parseClamdAnswer,
  virusScannerFromEnvironment,
} from "./virus-scan.js";

const eicar = Buffer.from(EICAR_SIGNATURE, "latin1");

describe("StreamNeedleFinder", () => {
  it("finds the string split between two chunks at every position, and within one", () => {
    for (let split = 0; split <= eicar.length; split++) {
      const finder = new StreamNeedleFinder([EICAR_SIGNATURE]);
      finder.push(Buffer.concat([Buffer.from("%PDF-1.7 "), eicar.subarray(0, split)]));
      finder.push(Buffer.concat([eicar.subarray(split), Buffer.from(" rest")]));
      expect(finder.found.has(EICAR_SIGNATURE), `split at ${split}`).toBe(true);
    }
  });

  it("finds it split over many one-byte chunks, and not when a byte is missing", () => {
    const finder = new StreamNeedleFinder([EICAR_SIGNATURE]);
    for (const byte of eicar) finder.push(Buffer.from([byte]));
    expect(finder.found.size).toBe(1);
    const broken = new StreamNeedleFinder([EICAR_SIGNATURE]);
    broken.push(eicar.subarray(0, 20));
    broken.push(eicar.subarray(21));
    expect(broken.found.size).toBe(0);
  });
});

describe("the sandbox scanner", () => {
  const scanner = new SandboxVirusScanner();
  const scan = (chunks: Buffer[], fileName = "a.pdf") => scanner.scan(Readable.from(chunks), { fileName });

  it("answers CLEAN, INFECTED for EICAR across chunks, ERROR for SCAN-FAIL in the name or the content", async () => {
    expect(await scan([Buffer.from("%PDF-1.7 clean")])).toEqual({ outcome: "CLEAN" });
    expect(await scan([eicar.subarray(0, 30), eicar.subarray(30)])).toEqual({ outcome: "INFECTED", signature: "Eicar-Test-Signature" });
    expect((await scan([Buffer.from("%PDF-1.7")], "report SCAN-FAIL.pdf")).outcome).toBe("ERROR");
    expect((await scan([Buffer.from("%PDF-1.7 SCAN-"), Buffer.from("FAIL")])).outcome).toBe("ERROR");
  });

  it("is the default; clamav by VIRUS_SCANNER; anything else refused", () => {
    expect(virusScannerFromEnvironment({}).kind).toBe("sandbox");
    expect(virusScannerFromEnvironment({ VIRUS_SCANNER: "clamav", CLAMD_PORT: "3310" }).kind).toBe("clamav");
    expect(() => virusScannerFromEnvironment({ VIRUS_SCANNER: "none" })).toThrow(/VIRUS_SCANNER/);
  });
});

describe("clamd's answers", () => {
  it("reads OK, FOUND with the signature, and anything else as an error", () => {
    expect(parseClamdAnswer("stream: OK\0")).toEqual({ outcome: "CLEAN" });
    expect(parseClamdAnswer("stream: Win.Test.EICAR_HDB-1 FOUND\0")).toEqual({ outcome: "INFECTED", signature: "Win.Test.EICAR_HDB-1" });
    expect(parseClamdAnswer("INSTREAM size limit exceeded. ERROR\0").outcome).toBe("ERROR");
    expect(parseClamdAnswer("").outcome).toBe("ERROR");
  });
});

describe("the clamd adapter", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A fake clamd: reads zINSTREAM and its chunks, answers FOUND when the bytes hold EICAR. */
  async function fakeClamd(seen: { command?: string; chunks: number[] }): Promise<number> {
    server = createServer((socket) => {
      let buffer = Buffer.alloc(0);
      let body = Buffer.alloc(0);
      let commandRead = false;
      socket.on("data", (data: Buffer) => {
        buffer = Buffer.concat([buffer, data]);
        if (!commandRead) {
          const end = buffer.indexOf(0);
          if (end < 0) return;
          seen.command = buffer.subarray(0, end).toString("latin1");
          buffer = buffer.subarray(end + 1);
          commandRead = true;
        }
        while (buffer.length >= 4) {
          const length = buffer.readUInt32BE(0);
          if (buffer.length < 4 + length) return;
          if (length === 0) {
            socket.end(body.includes(eicar) ? "stream: Eicar-Signature FOUND\0" : "stream: OK\0");
            return;
          }
          seen.chunks.push(length);
          body = Buffer.concat([body, buffer.subarray(4, 4 + length)]);
          buffer = buffer.subarray(4 + length);
        }
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", () => resolve()));
    return (server!.address() as AddressInfo).port;
  }

  it("streams INSTREAM chunks of at most 64 KB and reads clean and infected answers", async () => {
    const seen: { command?: string; chunks: number[] } = { chunks: [] };
    const port = await fakeClamd(seen);
    const scanner = new ClamdVirusScanner({ host: "127.0.0.1", port });
    expect(await scanner.scan(Readable.from([Buffer.alloc(200_000, 7)]))).toEqual({ outcome: "CLEAN" });
    expect(seen.command).toBe("zINSTREAM");
    expect(Math.max(...seen.chunks)).toBeLessThanOrEqual(64 * 1024);
    expect(seen.chunks.reduce((sum, length) => sum + length, 0)).toBe(200_000);
    expect(await scanner.scan(Readable.from([Buffer.from("%PDF-"), eicar]))).toEqual({ outcome: "INFECTED", signature: "Eicar-Signature" });
  });

  it("answers ERROR when clamd cannot be reached", async () => {
    const scanner = new ClamdVirusScanner({ host: "127.0.0.1", port: 9, timeoutMs: 2000 });
    expect((await scanner.scan(Readable.from([Buffer.from("x")]))).outcome).toBe("ERROR");
  });
});
