import { defineEntity, p } from '@mikro-orm/core';
import { PhaseSubmission, TRACKS } from './PhaseSubmission.ts';
import { Vo2MaxLevel } from './Vo2MaxLevel.ts';
import { ownedByMember } from './ownedByMember.ts';
import { decimal, whenCreated } from './properties.ts';

/** A treadmill VO2 max test: the raw seconds and final grade as run, the estimate and its level when taken. */
export const Vo2Test = defineEntity({
  name: 'Vo2Test',
  tableName: 'vo2_tests',
  properties: {
    ...ownedByMember(),
    submission: () => p.manyToOne(PhaseSubmission).deleteRule('cascade').index(),
    evolution: p.integer(),
    track: p.enum(TRACKS),
    version: p.smallint(),
    seconds: p.integer(),
    /** Treadmill gradient in % when the member stopped. */
    grade: decimal(4, 1),
    /** Estimated VO2 max, ml/kg/min. */
    score: decimal(5, 1),
    level: () => p.manyToOne(Vo2MaxLevel).nullable().deleteRule('set null'),
    levelName: p.string().length(100).nullable(),
    createdAt: whenCreated(),
  },
});
