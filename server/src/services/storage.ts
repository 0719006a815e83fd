/**
 * Where uploaded files live, behind one interface: the data folder's `uploads/` (the default, one machine) or an
 * S3-compatible bucket, which every instance of the server reads and writes alike. A file's key is its media row's
 * `path` (`uploads/<uuid>.jpg`), the same in both stores.
 */
import { mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { AppConfig, StorageConfig } from '../config.ts';

/** What the store says about a file. */
interface StoredFileInfo {
  size: number;
  modified: Date;
}

/** Bytes to read from a file, both ends included (a Range request's answer). */
interface StoredRange {
  start: number;
  end: number;
}

/** Thrown by `putStream` when the bytes go past their cap; nothing of them is kept. */
export class StoredFileTooLarge extends Error {
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
    this.name = 'StoredFileTooLarge';
    this.maxBytes = maxBytes;
  }
}

/** The uploads' store; every method takes the file's key (a media row's path). */
export interface UploadStorage {
  /** Stores bytes under a key, replacing what was there. */
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /**
   * Stores bytes as they arrive and answers their count; past `maxBytes`, or when the source fails, whatever was
   * written is removed and the error (StoredFileTooLarge for the cap) thrown.
   */
  putStream(
    key: string,
    source: AsyncIterable<Uint8Array>,
    opts: { contentType: string; maxBytes: number },
  ): Promise<number>;
  /** A file's bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** A file, or one range of it, as a stream; null when there is no such file. */
  read(key: string, range?: StoredRange): Promise<Readable | null>;
  /** A file's size and time of writing, or null when there is no such file. */
  stat(key: string): Promise<StoredFileInfo | null>;
  /** Removes a file; one already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Lets go of the store's connections (the app is closing). */
  close(): Promise<void>;
}

/** Keys are made by the server (`uploads/<uuid>.<ext>`, seeds' content names): anything else is a bug, never a path. */
const UPLOAD_KEY = /^uploads\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The store with every key checked, so no caller can ever reach outside `uploads/` (the data folder holds secrets). */
function guarded(storage: UploadStorage): UploadStorage {
  const check = (key: string) => {
    if (!UPLOAD_KEY.test(key)) throw new Error(`Not an upload key: ${JSON.stringify(key)}`);
    return key;
  };
  return {
    put: async (key, data, type) => storage.put(check(key), data, type),
    putStream: async (key, source, opts) => storage.putStream(check(key), source, opts),
    get: async (key) => storage.get(check(key)),
    read: async (key, range) => storage.read(check(key), range),
    stat: async (key) => storage.stat(check(key)),
    delete: async (key) => storage.delete(check(key)),
    close: () => storage.close(),
  };
}

/** The source's bytes, refused with StoredFileTooLarge as soon as they pass `maxBytes`. */
async function* capped(source: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array> {
  let size = 0;
  for await (const chunk of source) {
    size += chunk.length;
    if (size > maxBytes) throw new StoredFileTooLarge(maxBytes);
    yield chunk;
  }
}

const missing = (err: unknown) => (err as { code?: string }).code === 'ENOENT';

/** The data folder's files: `<dataDir>/<key>`, readable by the server's user only. */
function folderStorage(dataDir: string): UploadStorage {
  const file = (key: string) => join(dataDir, key);
  return {
    async put(key, data) {
      await mkdir(dirname(file(key)), { recursive: true, mode: 0o700 });
      const handle = await open(file(key), 'w', 0o600);
      try {
        await handle.writeFile(data);
      } finally {
        await handle.close();
      }
    },
    async putStream(key, source, { maxBytes }) {
      await mkdir(dirname(file(key)), { recursive: true, mode: 0o700 });
      // 'wx': a generated key never overwrites another upload.
      const handle = await open(file(key), 'wx', 0o600);
      let size = 0;
      try {
        for await (const chunk of capped(source, maxBytes)) {
          for (let at = 0; at < chunk.length;) at += (await handle.write(chunk, at)).bytesWritten;
          size += chunk.length;
        }
        await handle.close();
        return size;
      } catch (err) {
        await handle.close().catch(() => {});
        await unlink(file(key)).catch(() => {});
        throw err;
      }
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async read(key, range) {
      let handle;
      try {
        handle = await open(file(key), 'r');
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
      // The handle closes with the stream.
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async stat(key) {
      try {
        const info = await stat(file(key));
        return info.isFile() ? { size: info.size, modified: info.mtime } : null;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await unlink(file(key)).catch((err) => {
        if (!missing(err)) throw err;
      });
    },
    async close() {},
  };
}

/** S3's "no such key" (GetObject) and a HEAD's bare 404. */
const notThere = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** Part size of a streamed (multipart) upload: S3's minimum, so a video in flight holds only a few parts in memory. */
const PART_SIZE = 5 * 1024 * 1024;

/** An S3-compatible bucket, through the AWS SDK. */
function bucketStorage(settings: Extract<StorageConfig, { driver: 's3' }>): UploadStorage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    // An unreachable endpoint fails the request in seconds; no read timeout, since a paused video may idle its stream.
    requestHandler: { connectionTimeout: 5000 },
    ...(settings.accessKeyId
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const Bucket = settings.bucket;
  return {
    async put(Key, data, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key, Body: data, ContentType: contentType, ContentLength: data.length }),
      );
    },
    async putStream(Key, source, { contentType, maxBytes }) {
      let size = 0;
      let refused: unknown = null;
      async function* counted() {
        try {
          for await (const chunk of capped(source, maxBytes)) {
            size += chunk.length;
            yield chunk;
          }
        } catch (err) {
          refused = err;
          throw err;
        }
      }
      // Parts go up as they fill; a failed upload is aborted by the SDK (leavePartsOnError: false), so no parts stay.
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: Readable.from(counted()), ContentType: contentType },
        partSize: PART_SIZE,
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        // The source's own error (the cap, a client gone) matters more than how the abort went.
        throw refused ?? err;
      }
      return size;
    },
    async get(Key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key }));
        return Buffer.from(await res.Body!.transformToByteArray());
      } catch (err) {
        if (notThere(err)) return null;
        throw err;
      }
    },
    async read(Key, range) {
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket, Key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        return res.Body as Readable;
      } catch (err) {
        if (notThere(err)) return null;
        throw err;
      }
    },
    async stat(Key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key }));
        return { size: res.ContentLength ?? 0, modified: res.LastModified ?? new Date(0) };
      } catch (err) {
        if (notThere(err)) return null;
        throw err;
      }
    },
    async delete(Key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
    async close() {
      client.destroy();
    },
  };
}

/** One S3 client per bucket settings (it keeps its connections), made on first use. */
const buckets = new WeakMap<object, UploadStorage>();

/** What chooses the store: the data folder, and the storage settings (none means the local folder). */
export type StorageSettings = Pick<AppConfig, 'dataDir'> & Partial<Pick<AppConfig, 'storage'>>;

/** The uploads' store for a configuration: its S3 bucket when STORAGE_DRIVER is s3, `<dataDir>/uploads` otherwise. */
export function uploadStorage(config: StorageSettings): UploadStorage {
  const settings = config.storage;
  if (settings?.driver !== 's3') return guarded(folderStorage(config.dataDir));
  let storage = buckets.get(settings);
  if (!storage) {
    const bucket = bucketStorage(settings);
    storage = guarded({
      ...bucket,
      close: async () => {
        buckets.delete(settings);
        await bucket.close();
      },
    });
    buckets.set(settings, storage);
  }
  return storage;
}
