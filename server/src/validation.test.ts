import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { registerInput } from '@evolution/shared';
import { DomainError } from './errors.ts';
import { parseInput } from './validation.ts';

const errorsOf = (schema: z.ZodType, input: unknown) => {
  try {
    parseInput(schema, input);
  } catch (e) {
    if (e instanceof DomainError) return { message: e.message, errors: e.fieldErrors };
  }
  return null;
};

describe('parseInput', () => {
  it('names nested fields in dot form', () => {
    const schema = z.object({ entries: z.array(z.object({ amount: z.number({ error: 'Amount is required' }) })) });
    expect(errorsOf(schema, { entries: [{ amount: 1 }, {}] })?.errors).toEqual({
      'entries.1.amount': ['Amount is required'],
    });
  });
  it('answers the register form with the spec messages', () => {
    expect(errorsOf(registerInput, {})).toEqual({
      message: 'This is a required field (and 3 more errors)',
      errors: {
        email: ['This is a required field'],
        name: ['This is a required field'],
        password: ['This is a required field'],
        confirm_password: ['This is a required field'],
      },
    });
    expect(
      errorsOf(registerInput, { email: 'nope', name: 'N', password: 'secret1', confirm_password: 'secret2' })?.errors,
    ).toEqual({
      email: ['Incorrect format'],
      confirm_password: ['Passwords do not match'],
    });
  });
  it('returns the parsed value when valid', () => {
    expect(parseInput(z.object({ page: z.coerce.number() }), { page: '2' })).toEqual({ page: 2 });
  });
  it('refuses a NUL character anywhere in the input with a 422 on its field, before the schema', () => {
    expect(errorsOf(registerInput, { name: 'Ann\u0000', email: 'a@example.com' })).toEqual({
      message: 'The name may not contain a null character.',
      errors: { name: ['The name may not contain a null character.'] },
    });
    const schema = z.object({ entries: z.array(z.object({ form_name: z.string() })) });
    expect(errorsOf(schema, { entries: [{ form_name: 'ok' }, { form_name: 'x\u0000' }] })?.errors).toEqual({
      'entries.1.form_name': ['The form name may not contain a null character.'],
    });
  });
});
