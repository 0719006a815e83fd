import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import S3rver from '@20minutes/s3rver';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, inject } from 'vitest';
import type { StorageConfig } from '../../src/config.ts';

type S3Settings = Extract<StorageConfig, { driver: 's3' }>;

/** s3rver keeps an object's bytes in its folder as `<key>._S3rver_object`. */
const OBJECT_SUFFIX = '._S3rver_object';
/** s3rver keeps the parts of a multipart upload in flight here, one folder per upload id. */
const UPLOADS_IN_FLIGHT = '._S3rver_uploads';

/**
 * s3rver answers AbortMultipartUpload (DELETE ?uploadId=) with 405; S3 drops the upload's parts. This does the same,
 * so a refused streamed upload is seen to leave no parts behind.
 */
function abortMultipartUpload(directory: string) {
  return async (
    ctx: { method: string; path: string; query: Record<string, unknown>; status: number; body: unknown },
    next: () => Promise<void>,
  ) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== 'DELETE' || typeof uploadId !== 'string' || !/^[\w-]+$/.test(uploadId)) return next();
    const bucket = decodeURIComponent(ctx.path.split('/')[1] ?? '');
    rmSync(join(directory, bucket, UPLOADS_IN_FLIGHT, uploadId), { recursive: true, force: true });
    ctx.status = 204;
    ctx.body = null;
  };
}

/** What a test file's S3 server gives it. */
export interface TestS3 {
  /** `storage` for the app's configuration (filled in once the server has started, before the app is built). */
  readonly storage: S3Settings;
  /** The keys in the bucket under a prefix, sorted. */
  keys(prefix?: string): Promise<string[]>;
  /** Multipart uploads started and neither completed nor aborted. */
  uploadsInFlight(): string[];
}

/**
 * For an integration test file: a local S3-protocol server (s3rver) on a free port with one bucket, holding the
 * template's seeded pictures as createTestDatabase copies them into a data folder. Call before useTestApp and pass
 * `storage` in its overrides (several apps may share it); the server and its folder go after all tests.
 */
export function useTestS3(bucket = 'evolution-test'): TestS3 {
  const directory = mkdtempSync(join(tmpdir(), 'evolution-s3-'));
  const storage: S3Settings = {
    driver: 's3',
    bucket,
    region: 'us-east-1',
    endpoint: '',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  // Before every route of s3rver's (Koa builds its chain when the server starts).
  server.middleware.unshift(abortMultipartUpload(directory));
  let client: S3Client | undefined;

  beforeAll(async () => {
    const { port } = await server.run();
    storage.endpoint = `http://127.0.0.1:${port}`;
    client = new S3Client({
      region: storage.region,
      endpoint: storage.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey },
    });
    const seeded = join(inject('templateDataDir'), 'uploads');
    await Promise.all(
      readdirSync(seeded).map((name) =>
        client!.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: `uploads/${name}`,
            Body: readFileSync(join(seeded, name)),
            ContentType: 'image/jpeg',
          }),
        ),
      ),
    );
  });

  afterAll(async () => {
    client?.destroy();
    server.httpServer?.closeAllConnections();
    if (server.httpServer) await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  return {
    storage,
    async keys(prefix = '') {
      // Read from s3rver's folder (<bucket>/<key>._S3rver_object): its ListObjects miscomputes the SDK's signature.
      const root = join(directory, bucket);
      return readdirSync(root, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith(OBJECT_SUFFIX) && !file.startsWith(UPLOADS_IN_FLIGHT))
        .map((file) => file.slice(0, -OBJECT_SUFFIX.length).split(sep).join('/'))
        .filter((key) => key.startsWith(prefix))
        .sort();
    },
    uploadsInFlight() {
      try {
        return readdirSync(join(directory, bucket, UPLOADS_IN_FLIGHT));
      } catch {
        return [];
      }
    },
  };
}
