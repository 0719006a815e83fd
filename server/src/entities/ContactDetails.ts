import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { oneRowPerMember } from './ownedByMember.ts';
import { timestamps } from './properties.ts';

/** A member's postal and social contact details (spec section 3), one row per user. */
export const ContactDetails = defineEntity({
  name: 'ContactDetails',
  tableName: 'contact_details',
  properties: {
    ...oneRowPerMember(),
    /** Given with the subscription registration; the contact form does not show them. */
    firstName: p.string().length(255).nullable(),
    lastName: p.string().length(255).nullable(),
    addressLine1: p.string().length(255).nullable(),
    addressLine2: p.string().length(255).nullable(),
    city: p.string().length(255).nullable(),
    county: p.string().length(255).nullable(),
    postcode: p.string().length(32).nullable(),
    country: p.string().length(255).nullable(),
    telephone: p.string().length(32).nullable(),
    twitter: p.string().length(255).nullable(),
    linkedin: p.string().length(255).nullable(),
    facebook: p.string().length(255).nullable(),
    instagram: p.string().length(255).nullable(),
    ...timestamps(),
  },
});
export type IContactDetails = InferEntity<typeof ContactDetails>;
