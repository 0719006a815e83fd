import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChannelDto, PlanDto, channelIdInput } from '@evolution/shared';
import type { z } from 'zod';
import { sql } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
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

/** Every channel with its plans in one query; kept by each instance until an admin edits a channel or plan. */
const channelCatalogue = (em: EntityManager) =>
  cachedContent(em, 'channels', async (kysely) => {
    const rows = await kysely
      .selectFrom('channels as c')
      .leftJoin('plans as p', 'p.channel_id', 'c.id')
      .select((eb) => {
        // The plans' columns are null only on a channel without plans, which the filter leaves out.
        const plan = jsonBuildObject({
          id: eb.ref('p.id').$notNull(),
          name: eb.ref('p.name').$notNull(),
          amountPence: eb.ref('p.amount_pence').$notNull(),
          interval: eb.ref('p.interval').$notNull(),
          intervalCount: eb.ref('p.interval_count').$notNull(),
          active: eb.ref('p.active').$notNull(),
        });
        const plans = eb.fn
          .agg<NonNullable<typeof plan.expressionType>[]>('json_agg', [plan])
          .orderBy('p.id')
          .filterWhere('p.id', 'is not', null);
        return [
          'c.id',
          'c.short_name',
          'c.active',
          'c.name',
          'c.updated_at',
          eb.fn.coalesce(plans, sql.lit('[]')).as('plans'),
        ];
      })
      .groupBy('c.id')
      .orderBy('c.id')
      .execute();
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
