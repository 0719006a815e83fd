import { describe, expect, it } from 'vitest';
import { channelSchema } from '@evolution/shared';
import { rest, trpc } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';

const ctx = useTestApp();

describe('channels', () => {
  it('GET /api/channel lists warrior, superhuman and immortal with plans in pounds', async () => {
    const res = await rest(ctx.app, 'GET', '/api/channel');
    expect(res.status).toBe(200);
    const channels = res.body.data.map((c: unknown) => channelSchema.strict().parse(c));
    expect(
      channels.map((c: { id: number; short_name: string; active: boolean }) => [c.id, c.short_name, c.active]),
    ).toEqual([
      [1, 'warrior', true],
      [2, 'superhuman', true],
      [3, 'immortal', false],
    ]);
    expect(channels[0].plans[0]).toMatchObject({
      plan_id: 1,
      channel_id: 1,
      amount: 29.99,
      amount_pence: 2999,
      duration: '1 month',
    });
  });

  it('GET /api/channel/{id} answers one channel in data, or 404', async () => {
    const res = await rest(ctx.app, 'GET', '/api/channel/2');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: 2, short_name: 'superhuman' });
    expect((await rest(ctx.app, 'GET', '/api/channel/99')).status).toBe(404);
    expect((await rest(ctx.app, 'GET', '/api/channel/abc')).status).toBe(404);
  });

  it('are the same through tRPC', async () => {
    const list = await trpc(ctx.app, 'query', 'channels.list');
    expect(list.data).toEqual((await rest(ctx.app, 'GET', '/api/channel')).body.data);
    expect((await trpc(ctx.app, 'query', 'channels.get', { id: 3 })).data.name).toBe('Immortal');
    expect((await trpc(ctx.app, 'query', 'channels.get', { id: 0 })).status).toBe(422);
  });
});
