/**
 * Where uploaded files' bytes live (docs/decisions/0701-file-storage-scanner-and-links.md): one seam,
 * `FileStorage`, with two implementations chosen by configuration.
 *
 * - The folder (default): `${DATA_DIR}/lodgement-files`, created 0700, each object 0600. An object is written
 *   under a temporary name and renamed into place once its last byte is on disk, so a reader never sees half
 *   a file and a failed write leaves nothing under the key.
 * - S3-compatible object storage (`FILE_STORAGE=s3`, with `S3_ENDPOINT`, `S3_BUCKET`, `S3_REGION` and the AWS
 *   credential variables; path-style addressing so MinIO and the like work): streamed with a multipart
 *   Upload, aborted on failure.
 *
 * Every call streams: nothing holds a whole object in memory.
 */
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, mkdtemp, open, readdir, rename, stat, unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";

export interface PutOptions {
  contentType: string;
}

export interface FileStorage {
  /** Stores the stream's bytes under `key` (replacing any); rejects, leaving nothing under the key, if the stream fails. */
  put(key: string, body: Readable, options: PutOptions): Promise<void>;
  /** The object's bytes as a stream; rejects with StoredObjectMissingError when there is none. */
  get(key: string): Promise<Readable>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Every object with its last change (real time), for the sweep of objects no row names. A write still under
   * way may be listed too (a folder's `.partial` file, under its own name), never under a key it has not finished.
   */
  list(): AsyncIterable<{ key: string; modifiedAt: Date }>;
  /** Which implementation, for logs and the health of the seam. */
  readonly kind: "folder" | "s3";
}

export class StoredObjectMissingError extends Error {
  constructor(key: string) {
    super(`No stored object under ${key}`);
    this.name = "StoredObjectMissingError";
  }
}

/** Keys are made by the provider (`<uuid>.pdf`); anything else is refused so a key can never leave the folder. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}(\.[a-z]{1,5})?$/;
function checkedKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}

// ---------------------------------------------------------------------------------------------------
// The folder under DATA_DIR

export class FolderFileStorage implements FileStorage {
  readonly kind = "folder" as const;
  private folder: Promise<string> | undefined;

  /** `dataDir` "memory://" (tests, an in-memory database) keeps files in a fresh temporary folder. */
  constructor(private readonly dataDir: string) {}

  private ensureFolder(): Promise<string> {
    return (this.folder ??= (async () => {
      if (this.dataDir === "memory://") return mkdtemp(join(tmpdir(), "convey-lodgement-files-"));
      const folder = join(this.dataDir, "lodgement-files");
      await mkdir(folder, { recursive: true, mode: 0o700 });
      return folder;
    })());
  }

  private async pathOf(key: string): Promise<string> {
    return join(await this.ensureFolder(), checkedKey(key));
  }

  async put(key: string, body: Readable, _options: PutOptions): Promise<void> {
    const target = await this.pathOf(key);
    const partial = `${target}.${process.pid}.${randomUUID()}.partial`;
    // Opened before any byte is piped, so the name exists by the time a refusal can fail the write: the unlink
    // below always finds it (a stream opening lazily could create the file after the unlink).
    const file = await open(partial, "wx", 0o600);
    try {
      await pipeline(body, file.createWriteStream());
      await rename(partial, target);
    } catch (error) {
      await file.close().catch(() => undefined);
      await unlink(partial).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    const path = await this.pathOf(key);
    const stream = createReadStream(path);
    // Surface a missing file as the seam's error before the caller starts answering.
    await new Promise<void>((resolve, reject) => {
      stream.once("open", () => resolve());
      stream.once("error", (error: NodeJS.ErrnoException) => reject(error.code === "ENOENT" ? new StoredObjectMissingError(key) : error));
    });
    return stream;
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(await this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }

  async *list(): AsyncIterable<{ key: string; modifiedAt: Date }> {
    const folder = await this.ensureFolder();
    for (const name of await readdir(folder)) {
      try {
        const info = await stat(join(folder, name));
        if (info.isFile()) yield { key: name, modifiedAt: info.mtime };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  }

  /** Removes a leftover of a write that never finished (a `.partial` name the sweep found old). */
  async removePartial(name: string): Promise<void> {
    if (!/^[A-Za-z0-9_-]{1,100}(\.[a-z]{1,5})?\.\d+\.[0-9a-f-]{36}\.partial$/.test(name)) throw new Error(`Not a partial file: ${name}`);
    await unlink(join(await this.ensureFolder(), name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(await this.pathOf(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw error;
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// S3-compatible object storage

export interface S3StorageOptions {
  endpoint: string;
  bucket: string;
  region: string;
  /** Prefix of every key in the bucket. */
  prefix?: string;
}

export class S3FileStorage implements FileStorage {
  readonly kind = "s3" as const;
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    // Credentials come from the AWS SDK's own chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, roles).
    this.client = new S3Client({ endpoint: options.endpoint, region: options.region, forcePathStyle: true });
  }

  private keyOf(key: string): string {
    return `${this.options.prefix ?? "lodgement-files/"}${checkedKey(key)}`;
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<void> {
    // A multipart upload of 5 MB parts, at most two in flight: memory stays bounded whatever the size.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: this.keyOf(key), Body: body, ContentType: options.contentType },
      queueSize: 2,
      partSize: 5 * 1024 * 1024,
      leavePartsOnError: false,
    });
    // A failing source stream must fail the upload (lib-storage reads it; its error rejects done()).
    await upload.done();
  }

  async get(key: string): Promise<Readable> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(key) }));
      const body = answer.Body;
      if (!body) throw new StoredObjectMissingError(key);
      return body instanceof Readable ? body : Readable.fromWeb(body as never);
    } catch (error) {
      if (isS3Missing(error)) throw new StoredObjectMissingError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(key) }));
  }

  async *list(): AsyncIterable<{ key: string; modifiedAt: Date }> {
    const prefix = this.options.prefix ?? "lodgement-files/";
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key.slice(prefix.length), modifiedAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(key) }));
      return true;
    } catch (error) {
      if (isS3Missing(error)) return false;
      throw error;
    }
  }
}

function isS3Missing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === "NoSuchKey" || name === "NotFound" || status === 404;
}

// ---------------------------------------------------------------------------------------------------
// Choosing one

/**
 * The storage the environment names: S3 when FILE_STORAGE=s3 (S3_ENDPOINT and S3_BUCKET required, S3_REGION
 * defaulting to us-east-1), else the folder under the data folder. One instance per data folder / bucket.
 */
export function fileStorageFromEnvironment(dataDir: string, env: Record<string, string | undefined> = process.env): FileStorage {
  const mode = (env.FILE_STORAGE ?? "folder").toLowerCase();
  if (mode === "s3") {
    const endpoint = env.S3_ENDPOINT;
    const bucket = env.S3_BUCKET;
    if (!endpoint || !bucket) throw new Error("FILE_STORAGE=s3 needs S3_ENDPOINT and S3_BUCKET");
    const cacheKey = `s3:${endpoint}:${bucket}`;
    let storage = instances.get(cacheKey);
    if (!storage) {
      storage = new S3FileStorage({ endpoint, bucket, region: env.S3_REGION ?? "us-east-1", prefix: env.S3_PREFIX });
      instances.set(cacheKey, storage);
    }
    return storage;
  }
  if (mode !== "folder") throw new Error(`FILE_STORAGE must be "folder" or "s3", not ${JSON.stringify(mode)}`);
  const cacheKey = `folder:${dataDir}`;
  let storage = instances.get(cacheKey);
  if (!storage) {
    storage = new FolderFileStorage(dataDir);
    instances.set(cacheKey, storage);
  }
  return storage;
}
const instances = new Map<string, FileStorage>();
