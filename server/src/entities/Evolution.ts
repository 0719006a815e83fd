import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { oneRowPerMember } from './ownedByMember.ts';
import { timestamps } from './properties.ts';

/** A member's programme state in the warrior channel: where they are in evolutions, versions and phases. */
export const Evolution = defineEntity({
  name: 'Evolution',
  tableName: 'evolutions',
  properties: {
    ...oneRowPerMember(),
    evolution: p.integer().default(1),
    version: p.integer().default(1),
    phase: p.integer().default(1),
    needCalibration: p.boolean().default(true),
    /** Work volume in use, and the one chosen that waits for the next volume-phase submission. */
    numberOfSets: p.smallint().default(12),
    pendingNumberOfSets: p.smallint().nullable(),
    startDate: p.datetime().onCreate(() => new Date()),
    ...timestamps(),
  },
});
export type IEvolution = InferEntity<typeof Evolution>;
