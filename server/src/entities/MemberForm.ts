import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Form } from './Form.ts';
import { FormGroup } from './FormGroup.ts';
import { User } from './User.ts';

/** Where a member stands on one form group's ladder: set by calibration, moved by double progression. */
export const MemberForm = defineEntity({
  name: 'MemberForm',
  tableName: 'member_forms',
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    // Indexed: deleting a form moves its members by form id; a group's usage is asked by group id.
    formGroup: () => p.manyToOne(FormGroup).deleteRule('cascade').index(),
    form: () => p.manyToOne(Form).deleteRule('cascade').index(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['user', 'formGroup'] }],
});
export type IMemberForm = InferEntity<typeof MemberForm>;
