/**
 * File session storage, in the layout and format of Remix's `createFileSessionStorage` (a JSON file
 * `{ data, expires }` per session under `dir/<first 4 hex digits of the id>/<the other 12>`), which the
 * session sweeper and the browser tests' session helpers rely on. It differs in one way: a session is read
 * with one synchronous read of its small local file instead of four thread-pool round trips (open, stat,
 * read, close), which was the largest single cost of an authenticated page after rendering
 * (docs/decisions/0013-synchronous-session-reads.md). Writes, which happen when a session starts, refreshes
 * its tokens or is seen after a minute, stay asynchronous.
 */
import { createSessionStorage, type Cookie, type SessionData, type SessionStorage } from "@remix-run/node";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, unlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/** The file of session `id`, or null for an id this storage never issues (so no path can be forged). */
export function sessionFilePath(dir: string, id: string): string | null {
  if (!/^[0-9a-f]{16}$/i.test(id)) return null;
  return join(dir, id.slice(0, 4), id.slice(4));
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === "ENOENT";
}

/** Deletes a session's file; one already gone is no error. */
async function removeFile(file: string): Promise<void> {
  await unlink(file).catch((error: unknown) => {
    if (!isMissing(error)) throw error;
  });
}

export function createSessionFileStorage<Data extends SessionData>({ cookie, dir }: { cookie: Cookie; dir: string }): SessionStorage<Data> {
  const write = async (file: string, data: Partial<Data>, expires: Date | undefined, flag: "w" | "wx") => {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify({ data, expires }), { encoding: "utf-8", flag });
  };
  return createSessionStorage<Data>({
    cookie,
    async createData(data, expires) {
      for (;;) {
        const id = randomBytes(8).toString("hex");
        try {
          await write(sessionFilePath(dir, id)!, data, expires, "wx");
          return id;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        }
      }
    },
    async readData(id) {
      const file = sessionFilePath(dir, id);
      if (!file) return null;
      let content: { data: Partial<Data>; expires?: string };
      try {
        content = JSON.parse(readFileSync(file, "utf-8")) as typeof content;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      if (!content.expires || new Date(content.expires) > new Date()) return content.data;
      await removeFile(file);
      return null;
    },
    async updateData(id, data, expires) {
      const file = sessionFilePath(dir, id);
      if (file) await write(file, data, expires, "w");
    },
    async deleteData(id) {
      const file = sessionFilePath(dir, id);
      if (file) await removeFile(file);
    },
  });
}
