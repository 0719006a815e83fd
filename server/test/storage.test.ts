import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { StoredFileTooLarge, uploadStorage, type UploadStorage } from '../src/services/storage.ts';
import { useTestS3 } from './helpers/s3.ts';

// The storage interface's promises, held by both stores: what goes in comes out byte for byte, whole or by range, and a
// stream over its cap leaves nothing behind.

async function* chunksOf(data: Buffer, size: number) {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

const text = async (stream: NodeJS.ReadableStream | null) => {
  const parts: Buffer[] = [];
  for await (const part of stream!) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
};

describe.each(['local', 's3'] as const)('the %s store', (driver) => {
  const s3 = driver === 's3' ? useTestS3() : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'evolution-storage-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const storage = (): UploadStorage => uploadStorage({ dataDir, ...(s3 ? { storage: s3.storage } : {}) });
  const folder = join(dataDir, 'uploads');
  const stored = async () =>
    s3
      ? s3.keys('uploads/')
      : existsSync(folder)
        ? readdirSync(folder)
            .map((f) => `uploads/${f}`)
            .sort()
        : [];

  it('gives back what was put, whole, by range, with its size; nothing for an unknown key; deletes twice without error', async () => {
    const data = Buffer.from('0123456789abcdefghij');
    await storage().put('uploads/a.bin', data, 'application/octet-stream');
    expect(await storage().get('uploads/a.bin')).toEqual(data);
    expect(await text(await storage().read('uploads/a.bin', { start: 5, end: 9 }))).toEqual(Buffer.from('56789'));
    expect(await text(await storage().read('uploads/a.bin'))).toEqual(data);
    expect(await storage().stat('uploads/a.bin')).toMatchObject({ size: 20, modified: expect.any(Date) });
    expect(await storage().get('uploads/none.bin')).toBeNull();
    expect(await storage().read('uploads/none.bin')).toBeNull();
    expect(await storage().stat('uploads/none.bin')).toBeNull();
    await storage().delete('uploads/a.bin');
    await storage().delete('uploads/a.bin');
    expect(await storage().stat('uploads/a.bin')).toBeNull();
  });

  it('stores a stream in parts (over 5 MB) and answers its size; a stream past its cap is refused and leaves nothing', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024);
    for (let i = 0; i < big.length; i++) big[i] = i % 251;
    const before = await stored();
    expect(
      await storage().putStream('uploads/big.bin', chunksOf(big, 64 * 1024), {
        contentType: 'video/mp4',
        maxBytes: big.length,
      }),
    ).toBe(big.length);
    // Buffer.equals: a deep toEqual over 11 MB takes seconds.
    expect((await storage().get('uploads/big.bin'))!.equals(big)).toBe(true);
    expect(
      (
        await text(await storage().read('uploads/big.bin', { start: 5 * 1024 * 1024 - 3, end: 5 * 1024 * 1024 + 2 }))
      ).equals(big.subarray(5 * 1024 * 1024 - 3, 5 * 1024 * 1024 + 3)),
    ).toBe(true);
    await storage().delete('uploads/big.bin');

    await expect(
      storage().putStream('uploads/over.bin', chunksOf(big, 64 * 1024), {
        contentType: 'video/mp4',
        maxBytes: big.length - 1,
      }),
    ).rejects.toBeInstanceOf(StoredFileTooLarge);
    // A source that fails (a client gone) leaves nothing either, and its own error comes through.
    async function* broken() {
      yield big.subarray(0, 6 * 1024 * 1024);
      throw new Error('client went away');
    }
    await expect(
      storage().putStream('uploads/broken.bin', broken(), { contentType: 'video/mp4', maxBytes: big.length }),
    ).rejects.toThrow('client went away');
    expect(await stored()).toEqual(before);
    expect(s3?.uploadsInFlight() ?? []).toEqual([]);
  });
});

describe('STORAGE_DRIVER and S3_*', () => {
  it('default to the local folder; s3 needs a bucket; another driver stops the start', () => {
    const env = { JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(env).storage).toEqual({ driver: 'local' });
    expect(
      loadConfig({
        ...env,
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'media',
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: '1',
        S3_REGION: '',
      }).storage,
    ).toEqual({
      driver: 's3',
      bucket: 'media',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      accessKeyId: '',
      secretAccessKey: '',
      forcePathStyle: true,
    });
    expect(() => loadConfig({ ...env, STORAGE_DRIVER: 's3' })).toThrow(
      'S3_BUCKET is required when STORAGE_DRIVER is s3.',
    );
    expect(() => loadConfig({ ...env, STORAGE_DRIVER: 'ftp' })).toThrow('STORAGE_DRIVER must be local or s3, not ftp.');
  });
});
