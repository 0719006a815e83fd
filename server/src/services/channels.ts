import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChannelDto, PlanDto } from '@evolution/shared';
import { Channel } from '../entities/index.ts';
import type { IChannel } from '../entities/Channel.ts';
import type { IPlan } from '../entities/Plan.ts';
import { notFound } from '../errors.ts';

const durationText = (p: Pick<IPlan, 'interval' | 'intervalCount'>) =>
  `${p.intervalCount} ${p.interval}${p.intervalCount === 1 ? '' : 's'}`;

export function planDto(p: IPlan, channelId: number): PlanDto {
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

export function channelDto(c: IChannel): ChannelDto {
  return {
    id: c.id,
    short_name: c.shortName,
    active: c.active,
    name: c.name,
    plans: c.plans.getItems().map((p: IPlan) => planDto(p, c.id)),
    updated_at: c.updatedAt.toISOString(),
  };
}

/** Every channel with its plans, in id order (warrior, superhuman, immortal). */
export async function listChannels(em: EntityManager): Promise<ChannelDto[]> {
  const channels = await em.find(Channel, {}, { populate: ['plans'], orderBy: { id: 'asc' } });
  return channels.map(channelDto);
}

/** One channel with its plans, or 404. */
export async function getChannel(em: EntityManager, id: number): Promise<ChannelDto> {
  const channel = await em.findOne(Channel, { id }, { populate: ['plans'] });
  if (!channel) throw notFound('Channel not found.');
  return channelDto(channel);
}
