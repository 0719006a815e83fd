import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { oneRowPerMember } from './ownedByMember.ts';
import { timestamps } from './properties.ts';

/** A member's readiness questionnaire (PAR-Q): seven yes (1) / no (0) answers, the date and an e-signature. */
export const ApplicationDetails = defineEntity({
  name: 'ApplicationDetails',
  tableName: 'application_details',
  properties: {
    ...oneRowPerMember(),
    firstName: p.string().length(255).nullable(),
    lastName: p.string().length(255).nullable(),
    question1: p.smallint(),
    question2: p.smallint(),
    question3: p.smallint(),
    question4: p.smallint(),
    question5: p.smallint(),
    question6: p.smallint(),
    question7: p.smallint(),
    /** The day the member signed, as YYYY-MM-DD. */
    date: p.date(),
    eSignature: p.string().length(255),
    ...timestamps(),
  },
});
export type IApplicationDetails = InferEntity<typeof ApplicationDetails>;
