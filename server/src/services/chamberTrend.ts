import { chamberLabel } from '../domain/chamber.ts';
import { ChamberSnapshot } from '../entities/index.ts';
import type { ServiceContext } from './context.ts';

/** One chamber snapshot on the trend line: its chamber page, label and the three numbers members follow. */
export interface ChamberTrendPoint {
  /** The chamber page of this snapshot (1-based, oldest first), as warrior.chamber pages them. */
  page: number;
  label: string;
  evolution: number;
  version: number;
  /** kg */
  weight: number;
  /** % */
  body_fat: number;
  /** Estimated VO2 max (ml/kg/min); null when the test was skipped or never taken. */
  vo2max: number | null;
  created_at: string;
}

export interface ChamberTrend {
  data: ChamberTrendPoint[];
}

/**
 * Weight, body fat and VO2 of every chamber snapshot of a member, oldest first and in the chamber's page order
 * (evolution, then version: the order of domain/chamber.ts), without the photos.
 */
export async function chamberTrend(ctx: Pick<ServiceContext, 'em'>, memberId: number): Promise<ChamberTrend> {
  const rows = await ctx.em.find(ChamberSnapshot, { user: memberId }, {
    fields: ['id', 'evolution', 'version', 'weight', 'bodyFat', 'vo2Score', 'createdAt'],
    orderBy: { id: 'asc' },
  });
  const ordered = [...rows].sort((a, b) => a.evolution - b.evolution || a.version - b.version);
  return {
    data: ordered.map((s, i) => ({
      page: i + 1,
      label: chamberLabel(s.evolution, s.version),
      evolution: s.evolution,
      version: s.version,
      weight: s.weight,
      body_fat: s.bodyFat,
      vo2max: s.vo2Score ?? null,
      created_at: s.createdAt.toISOString(),
    })),
  };
}
