import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@evolution/shared';
import { readUserListQuery, userListHref } from '../UserManagementPage.tsx';
import { openNow, switchedOn, validateCreate, validateDetails, validatePassword } from './UserEditPage.tsx';

describe('the user forms (docs/spec/admin.md §5, verbatim)', () => {
  it('create: every message, and the minimum of 6 to the character', () => {
    expect(validateCreate({ name: '', email: '', password: '', user_type: '' })).toEqual({
      name: 'Enter the name.',
      email: 'The email is required',
      password: 'Enter a password.',
      user_type: 'The user type is Admin or User',
    });
    expect(validateCreate({ name: 'A', email: 'a@b', password: '12345', user_type: '3' })).toEqual({
      email: 'The email is must be an email',
      password: 'The min length of password is 6',
      user_type: 'The user type is Admin or User',
    });
    expect(validateCreate({ name: 'A', email: 'a@example.com', password: '123456', user_type: '2' })).toEqual({});
  });

  it("edit: 'Invalid email', and the repeat password as soon as both are typed", () => {
    expect(validateDetails({ name: 'A', email: 'nope', user_type: '1' })).toEqual({ email: 'Invalid email' });
    expect(validateDetails({ name: ' ', email: '', user_type: '1' })).toEqual({
      name: 'Enter the name.',
      email: 'The email is required',
    });
    expect(validatePassword({ password: 'abc', password_confirmation: 'abd' })).toEqual({
      password: 'The min length of password is 6',
      password_confirmation: 'The repeat password must be same as password',
    });
    expect(validatePassword({ password: 'abcdef', password_confirmation: '' })).toEqual({
      password_confirmation: 'Enter the password again to confirm it.',
    });
    expect(validatePassword({ password: 'abcdef', password_confirmation: 'abcdef' })).toEqual({});
  });
});

describe('feature access switches', () => {
  const user = (access: Record<string, boolean>, access_overrides: Record<string, boolean>): AdminUser => ({
    id: 1,
    name: 'M',
    email: 'm@example.com',
    user_type: 1,
    role: 1,
    subscriber: true,
    created_at: '',
    access,
    access_overrides,
  });

  it('show macros on unless switched off, and open only with the superhuman channel', () => {
    const warrior = user({ evolution_page: false, warrior_channel: true, superhuman_channel: false }, {});
    expect([switchedOn(warrior, 'micro_data'), openNow(warrior, 'micro_data')]).toEqual([true, false]);
    const off = user({ evolution_page: true, superhuman_channel: true, micro_data: false }, { micro_data: false });
    expect([switchedOn(off, 'micro_data'), openNow(off, 'micro_data'), switchedOn(off, 'evolution_page')]).toEqual([
      false,
      false,
      true,
    ]);
    const closed = user({ superhuman_channel: false }, { superhuman_channel: false });
    expect([switchedOn(closed, 'superhuman_channel'), openNow(closed, 'superhuman_channel')]).toEqual([false, false]);
  });
});

describe('the user list query string', () => {
  it('keeps page, search and categoryId, and reads them back', () => {
    const href = userListHref({ page: 2, search: 'jo smith', categoryId: 1 });
    expect(href).toBe('/admin/user_management?page=2&search=jo+smith&categoryId=1');
    expect(readUserListQuery(new URLSearchParams(href.split('?')[1]))).toEqual({
      page: 2,
      search: 'jo smith',
      categoryId: 1,
    });
    expect(readUserListQuery(new URLSearchParams('page=0&categoryId=7'))).toEqual({
      page: 1,
      search: '',
      categoryId: undefined,
    });
  });
});
