import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Page } from './Page.ts';
import { ownedByMember } from './ownedByMember.ts';
import { whenCreated } from './properties.ts';

export const TRACKS = ['calibration', 'general'] as const;

/**
 * One accepted phase submission. The unique key makes a phase count once per evolution; the fingerprint, the
 * device's idempotency key and the stored answer let a retried or double-clicked submit be answered as the first one was.
 */
export const PhaseSubmission = defineEntity({
  name: 'PhaseSubmission',
  tableName: 'phase_submissions',
  properties: {
    ...ownedByMember({ indexed: false }),
    evolution: p.integer(),
    track: p.enum(TRACKS),
    /** 0 for the calibration track. */
    version: p.smallint(),
    phase: p.smallint(),
    phaseType: p.string().length(32),
    page: () => p.manyToOne(Page).nullable().deleteRule('set null'),
    /** sha256 of the track, phase type and parsed payload. */
    fingerprint: p.string().length(64),
    response: p.json<Record<string, unknown>>(),
    /** The key the member's device made for this submission (Idempotency-Key); a resend with it gets `response`. */
    idempotencyKey: p.string().length(64).nullable(),
    createdAt: whenCreated(),
  },
  uniques: [
    { properties: ['user', 'evolution', 'track', 'version', 'phase'] },
    { properties: ['user', 'idempotencyKey'] },
  ],
  // A page deleted sets its submissions' page to null: found by index.
  indexes: [
    {
      name: 'phase_submissions_page_id_index',
      expression:
        'create index "phase_submissions_page_id_index" on "phase_submissions" ("page_id") where "page_id" is not null',
    },
  ],
});
export type IPhaseSubmission = InferEntity<typeof PhaseSubmission>;
