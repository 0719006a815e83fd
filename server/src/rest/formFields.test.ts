import { describe, expect, it } from 'vitest';
import { setFormField } from './formFields.ts';

describe('setFormField', () => {
  it('folds indexed fields into entries and keeps plain fields', () => {
    const body: Record<string, unknown> = {};
    for (const [k, v] of [
      ['0[amount]', '12'],
      ['0[form_id]', '14'],
      ['1[amount]', '9'],
      ['page_id', '32'],
    ])
      setFormField(body, k!, v);
    expect(body).toEqual({ 0: { amount: '12', form_id: '14' }, 1: { amount: '9' }, page_id: '32' });
  });

  it('ignores names that would reach a prototype or do not parse', () => {
    const body: Record<string, unknown> = {};
    setFormField(body, '__proto__[polluted]', 'yes');
    setFormField(body, '0[constructor][prototype]', 'yes');
    setFormField(body, 'a[b', 'x');
    setFormField(body, '0[]', 'x');
    expect(body).toEqual({});
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
