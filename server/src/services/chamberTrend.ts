import type { ChamberTrend } from '@evolution/shared';
import { chamberLabel, chamberOrder } from '../domain/chamber.ts';
import { ChamberSnapshot } from '../entities/index.ts';
import type { SignedInContext } from './context.ts';

/**
 * GET user/evolution/trend: weight, body fat and VO2 of every chamber snapshot of the caller, oldest first and in the chamber's page order
 * (evolution, then version: the order of domain/chamber.ts), without the photos.
 */
export async function chamberTrend(ctx: SignedInContext): Promise<ChamberTrend['data']> {
  const rows = await ctx.em.find(
    ChamberSnapshot,
    { user: ctx.actor.me.id },
    {
      fields: ['id', 'evolution', 'version', 'weight', 'bodyFat', 'vo2Score', 'createdAt'],
      orderBy: { id: 'asc' },
    },
  );
  const ordered = chamberOrder(rows);
  return ordered.map((s, i) => ({
    page: i + 1,
    label: chamberLabel(s.evolution, s.version),
    evolution: s.evolution,
    version: s.version,
    weight: s.weight,
    body_fat: s.bodyFat,
    vo2max: s.vo2Score ?? null,
    created_at: s.createdAt.toISOString(),
  }));
}
