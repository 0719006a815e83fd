import { defineEntity, p } from '@mikro-orm/core';
import { uploadedFile } from './Media.ts';
import { PhaseSubmission } from './PhaseSubmission.ts';
import { ownedByMember } from './ownedByMember.ts';
import { decimal, whenCreated } from './properties.ts';

/** What a data-analysis submission records for the evolution chamber (calibration = version 0). */
export const ChamberSnapshot = defineEntity({
  name: 'ChamberSnapshot',
  tableName: 'chamber_snapshots',
  properties: {
    ...ownedByMember({ indexed: false }),
    submission: () => p.manyToOne(PhaseSubmission).deleteRule('cascade').index(),
    evolution: p.integer(),
    version: p.smallint(),
    /** kg */
    weight: decimal(6, 2),
    /** % */
    bodyFat: decimal(5, 2),
    /** Circumferences in inches. */
    chest: decimal(6, 2),
    bicep: decimal(6, 2),
    waist: decimal(6, 2),
    quad: decimal(6, 2),
    image1: uploadedFile,
    image2: uploadedFile,
    image3: uploadedFile,
    vo2Score: decimal(5, 1).nullable(),
    vo2Level: p.string().length(100).nullable(),
    /** Muscle name → score 0-10 at the time of the snapshot. */
    muscle: p.json<Record<string, number>>(),
    createdAt: whenCreated(),
  },
  uniques: [{ properties: ['user', 'evolution', 'version'] }],
  // A photo deleted with its member sets these to null: found by index, not by reading every snapshot.
  indexes: [
    {
      name: 'chamber_snapshots_image1_id_index',
      expression:
        'create index "chamber_snapshots_image1_id_index" on "chamber_snapshots" ("image1_id") where "image1_id" is not null',
    },
    {
      name: 'chamber_snapshots_image2_id_index',
      expression:
        'create index "chamber_snapshots_image2_id_index" on "chamber_snapshots" ("image2_id") where "image2_id" is not null',
    },
    {
      name: 'chamber_snapshots_image3_id_index',
      expression:
        'create index "chamber_snapshots_image3_id_index" on "chamber_snapshots" ("image3_id") where "image3_id" is not null',
    },
  ],
});
