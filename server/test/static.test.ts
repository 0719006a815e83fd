import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { newMember, rest } from './helpers/api.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';

// A client build as `npm run build` leaves it: a hashed entry chunk with its .br and .gz, an index.html too small for them.
const dist = mkdtempSync(join(tmpdir(), 'evolution-dist-'));
const entryName = 'index-Bq3EdRYn.js';
const entry = Array.from({ length: 400 }, (_, i) => `export const route${i} = () => import('./page-${i}.js');`).join(
  '\n',
);
const indexHtml = `<!doctype html><html><head><script type="module" src="/assets/${entryName}"></script></head><body><div id="root"></div></body></html>`;

// Its source map, as `sourcemap: 'hidden'` writes it: the whole source, for the operators only.
const sourceMap = JSON.stringify({ version: 3, sources: ['../src/main.tsx'], sourcesContent: ['secret source'] });

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), indexHtml);
  writeFileSync(join(dist, 'assets', entryName), entry);
  writeFileSync(join(dist, 'assets', `${entryName}.br`), brotliCompressSync(entry));
  writeFileSync(join(dist, 'assets', `${entryName}.gz`), gzipSync(entry));
  writeFileSync(join(dist, 'assets', `${entryName}.map`), sourceMap);
  const config = testConfig({ serveClient: true });
  database = await createTestDatabase(config.dataDir);
  app = await buildApp({ ...config, databaseUrl: database.url }, { clientDist: dist });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built client', () => {
  it('sends the brotli copy to a browser that accepts it, gzip to one that takes only gzip, the plain file otherwise', async () => {
    const br = await get(`/assets/${entryName}`, 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(entry);

    const gzip = await get(`/assets/${entryName}`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(entry);

    const plain = await get(`/assets/${entryName}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(entry);
    for (const res of [br, gzip, plain]) expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('lets browsers keep hashed assets for a year, and revalidate index.html on every visit', async () => {
    for (const encoding of [undefined, 'br', 'gzip']) {
      expect((await get(`/assets/${entryName}`, encoding)).headers['cache-control']).toBe(
        'public, max-age=31536000, immutable',
      );
    }
    const index = await get('/', 'br, gzip');
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.body).toBe(indexHtml);
    // A client-side route is the same index.html, just as fresh.
    const route = await get('/gateway/gateway', 'br, gzip');
    expect(route).toMatchObject({ statusCode: 200, body: indexHtml });
    expect(route.headers['content-type']).toMatch(/text\/html/);
    expect(route.headers['cache-control']).toBe('no-cache');
  });
});

describe('source maps', () => {
  it('are never served: 404, not the file and not index.html, however asked', async () => {
    for (const url of [`/assets/${entryName}.map`, `/assets/${entryName}.map?v=1`, '/assets/missing.js.map']) {
      for (const encoding of [undefined, 'br, gzip']) {
        const res = await get(url, encoding);
        expect([url, res.statusCode]).toEqual([url, 404]);
        expect(res.body).not.toContain('secret source');
        expect(res.body).not.toContain('<html');
      }
    }
    expect((await app.inject({ method: 'HEAD', url: `/assets/${entryName}.map` })).statusCode).toBe(404);
  });
});

describe('API answers', () => {
  it('are compressed when large and the client accepts it, and left alone when small', async () => {
    const spec = await get('/api/openapi.json', 'gzip, deflate, br');
    expect(spec.statusCode).toBe(200);
    expect(spec.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(spec.rawPayload);
    expect(JSON.parse(body.toString()).openapi).toBe('3.1.0');
    expect(spec.rawPayload.length).toBeLessThan(body.length / 4);
    expect((await get('/api/openapi.json', 'gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get('/api/openapi.json')).headers['content-encoding']).toBeUndefined();

    const health = await get('/healthz', 'gzip, br');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('over tRPC are compressed when large (a batch of calls) and sent whole with their length when small', async () => {
    const calls = Array.from({ length: 10 }, () => 'channels.list').join(',');
    const large = await get(`/trpc/${calls}?batch=1&input=${encodeURIComponent('{}')}`, 'gzip, br');
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    const results = JSON.parse(brotliDecompressSync(large.rawPayload).toString());
    expect(results).toHaveLength(10);

    const small = await get('/trpc/auth.me', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(Number(small.headers['content-length'])).toBe(small.rawPayload.length);
  });

  it('leave the live event stream a stream: events arrive while it stays open, never compressed', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { access_token: token } = (await rest(app, 'POST', '/api/register', { body: newMember() })).body as {
      access_token: string;
    };
    const abort = new AbortController();
    const res = await fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/trpc/live.events`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', 'accept-encoding': 'br, gzip' },
      signal: abort.signal,
    });
    try {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(res.headers.get('content-encoding')).toBeNull();
      // tRPC opens every stream with a `connected` event: it must reach the client now, not when the stream ends.
      const reader = res.body!.getReader();
      let received = '';
      while (!received.includes('event: connected')) {
        const { value, done } = await reader.read();
        expect(done).toBe(false);
        received += new TextDecoder().decode(value);
      }
    } finally {
      abort.abort();
    }
  });
});
