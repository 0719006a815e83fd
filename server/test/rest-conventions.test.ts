import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';
import { trainingMember } from './helpers/training.ts';

const MB = 1024 * 1024;
// Pictures are limited to 1 MB here, so a 2 MB picture is refused for its size before it is read.
const ctx = useTestApp({ mediaMaxBytes: { image: MB, video: 8 * MB } });

describe('refused uploads over a real socket', () => {
  let base: string;
  let admin: { token: string };
  let member: { token: string };

  beforeAll(async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    admin = await signedInAdmin(ctx.app);
    member = await trainingMember(ctx.app);
  });

  /**
   * One 2 MB file in `field` of a FormData body, sent with Node's fetch (undici) 64 KB at a time as a network delivers
   * it, with its declared length: the answer comes while the client is still sending.
   */
  async function send(path: string, field: string, token: string, extra: Record<string, string> = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries(extra)) form.append(name, value);
    form.append(field, new Blob([new Uint8Array(2 * MB).fill(0x41)], { type: 'application/octet-stream' }), 'file.bin');
    const request = new Request(base, { method: 'POST', body: form });
    const whole = new Uint8Array(await request.arrayBuffer());
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= whole.length) return controller.close();
        await new Promise((resolve) => setTimeout(resolve, 2));
        controller.enqueue(whole.subarray(sent, sent + 64 * 1024));
        sent += 64 * 1024;
      },
    });
    try {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        body,
        duplex: 'half',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': request.headers.get('content-type')!,
          'content-length': String(whole.length),
        },
        signal: AbortSignal.timeout(20_000),
      } as RequestInit);
      return { status: res.status, body: (await res.json()) as unknown };
    } catch (err) {
      return { status: 0, body: (err as { cause?: { code?: string } }).cause?.code ?? String(err) };
    }
  }

  const cases = [
    { what: 'a video that is not one', path: '/api/admin/meal/video', field: 'video', who: 'admin', status: 422 },
    { what: 'a picture over its limit', path: '/api/admin/page/image', field: 'image', who: 'admin', status: 422 },
    { what: 'a progress photo that is not one', path: '/api/user/image', field: 'image', who: 'member', status: 422 },
    { what: 'a stranger', path: '/api/admin/meal/video', field: 'video', who: 'nobody', status: 401 },
    { what: 'a member in the admin area', path: '/api/admin/meal/video', field: 'video', who: 'member', status: 403 },
    {
      what: 'tRPC, a video that is not one',
      path: '/trpc/admin.media.upload',
      field: 'video',
      who: 'admin',
      status: 422,
    },
  ] as const;

  it.each(cases)('answers 10 refused 2 MB uploads ($what), one after another and at once, with JSON', async (c) => {
    const token = c.who === 'admin' ? admin.token : c.who === 'member' ? member.token : 'not-a-token';
    const extra: Record<string, string> = c.path.startsWith('/trpc') ? { kind: 'meal_video' } : {};
    const one = () => send(c.path, c.field, token, extra);
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push(await one());
    answers.push(...(await Promise.all(Array.from({ length: 10 }, one))));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(c.status));
    for (const a of answers) expect(a.body).toBeTypeOf('object');
  });
});
