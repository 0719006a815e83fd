import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChannelDto, PlanDto, channelIdInput } from '@evolution/shared';
import type { z } from 'zod';
import type { IPlan } from '../entities/Plan.ts';
import { notFound } from '../errors.ts';
import { cachedContent } from './contentCache.ts';
import type { ServiceContext } from './context.ts';

const durationText = (p: Pick<IPlan, 'interval' | 'intervalCount'>) =>
  `${p.intervalCount} ${p.interval}${p.intervalCount === 1 ? '' : 's'}`;

export function planDto(
  p: Pick<IPlan, 'id' | 'name' | 'amountPence' | 'active' | 'interval' | 'intervalCount'>,
  channelId: number,
): PlanDto {
  return {
    plan_id: p.id,
    channel_id: channelId,
    name: p.name,
    amount: p.amountPence / 100,
    amount_pence: p.amountPence,
    currency: 'gbp',
    duration: durationText(p),
    active: p.active,
  };
}

type ChannelRow = Omit<ChannelDto, 'plans' | 'updated_at'> & {
  updated_at: Date;
  plans: (Pick<IPlan, 'id' | 'name' | 'active' | 'interval' | 'intervalCount'> & { amountPence: number })[];
};

/** Every channel with its plans in one query; kept by each instance until an admin edits a channel or plan. */
const channelCatalogue = (em: EntityManager) =>
  cachedContent(em, 'channels', async (query) => {
    const rows = await query<ChannelRow>(`
    select c.id, c.short_name, c.active, c.name, c.updated_at,
           coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'amountPence', p.amount_pence, 'interval', p.interval,
             'intervalCount', p.interval_count, 'active', p.active) order by p.id) filter (where p.id is not null), '[]') as plans
    from channels c left join plans p on p.channel_id = c.id group by c.id order by c.id`);
    return rows.map((c): ChannelDto => ({
      id: c.id,
      short_name: c.short_name,
      active: c.active,
      name: c.name,
      plans: c.plans.map((p) => planDto(p, c.id)),
      updated_at: new Date(c.updated_at).toISOString(),
    }));
  });

/** Every channel with its plans, in id order (warrior, superhuman, immortal). */
export function listChannels({ em }: ServiceContext): Promise<ChannelDto[]> {
  return channelCatalogue(em);
}

/** One channel with its plans, or 404. */
export async function getChannel({ em }: ServiceContext, { id }: z.output<typeof channelIdInput>): Promise<ChannelDto> {
  const channel = (await channelCatalogue(em)).find((c) => c.id === id);
  if (!channel) throw notFound('Channel not found.');
  return channel;
}
