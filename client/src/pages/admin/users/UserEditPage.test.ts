import { describe, expect, it } from 'vitest';
import { readUserListQuery, userListHref } from '../UserManagementPage.tsx';
import { validateCreate, validateDetails, validatePassword } from './UserEditPage.tsx';

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
