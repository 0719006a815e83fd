import { defineEntity, p } from '@mikro-orm/core';
import { Form } from './Form.ts';
import { FormGroup } from './FormGroup.ts';
import { ownedByMember } from './ownedByMember.ts';
import { timestamps } from './properties.ts';

/** Where a member stands on one form group's ladder: set by calibration, moved by double progression. */
export const MemberForm = defineEntity({
  name: 'MemberForm',
  tableName: 'member_forms',
  properties: {
    ...ownedByMember({ indexed: false }),
    formGroup: () => p.manyToOne(FormGroup).deleteRule('cascade'),
    form: () => p.manyToOne(Form).deleteRule('cascade'),
    ...timestamps(),
  },
  uniques: [{ properties: ['user', 'formGroup'] }],
  // Deleting a form moves its members by form id; whether a group or form is in use asks for its first member, in
  // index order (so the planner never prefers reading every member's ladder to find one).
  indexes: [{ properties: ['formGroup', 'id'] }, { properties: ['form', 'id'] }],
});
