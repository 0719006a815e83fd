import { defineEntity, p } from '@mikro-orm/core';
import { PhaseSubmission, TRACKS } from './PhaseSubmission.ts';
import { User } from './User.ts';
import { Vo2MaxLevel } from './Vo2MaxLevel.ts';

/** A treadmill VO2 max test: the raw seconds and final grade as run, the estimate and its level when taken. */
export const Vo2Test = defineEntity({
  name: 'Vo2Test',
  tableName: 'vo2_tests',
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    submission: () => p.manyToOne(PhaseSubmission).deleteRule('cascade').index(),
    evolution: p.integer(),
    track: p.enum(TRACKS),
    version: p.smallint(),
    seconds: p.integer(),
    /** Treadmill gradient in % when the member stopped. */
    grade: p.decimal('number').precision(4).scale(1),
    /** Estimated VO2 max, ml/kg/min. */
    score: p.decimal('number').precision(5).scale(1),
    level: () => p.manyToOne(Vo2MaxLevel).nullable().deleteRule('set null'),
    levelName: p.string().length(100).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
