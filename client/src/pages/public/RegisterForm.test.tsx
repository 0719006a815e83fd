import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { RegisterForm, type RegisterValues } from './RegisterForm.tsx';

function setup(props: { serverErrors?: Record<string, string> } = {}) {
  const onSubmit = vi.fn<(v: RegisterValues) => void>();
  render(
    <Router hook={memoryLocation({ path: '/register' }).hook}>
      <RegisterForm onSubmit={onSubmit} pending={false} {...props} />
    </Router>,
  );
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Register' }));
  return { onSubmit, type, submit };
}

/** The message shown for a field, found through the field's aria-describedby. */
const messageOf = (label: string) => {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('register form messages (spec section 5)', () => {
  it('shows "This is a required field" on every empty field and does not submit', () => {
    const { onSubmit, submit } = setup();
    submit();
    expect(screen.getAllByText('This is a required field')).toHaveLength(4);
    for (const label of ['Email', 'Name', 'Password', 'Confirm password']) {
      expect(messageOf(label)).toBe('This is a required field');
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each([
    {
      when: 'for a malformed email',
      email: 'not-an-email',
      confirm: 'secret1',
      field: 'Email',
      message: 'Incorrect format',
    },
    {
      when: 'when the confirmation differs',
      email: 'ada@example.com',
      confirm: 'secret2',
      field: 'Confirm password',
      message: 'Passwords do not match',
    },
  ])('shows "$message" $when', ({ email, confirm, field, message }) => {
    const { onSubmit, type, submit } = setup();
    type('Email', email);
    type('Name', 'Ada');
    type('Password', 'secret1');
    type('Confirm password', confirm);
    submit();
    expect(messageOf(field)).toBe(message);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits valid values and clears the messages as fields are fixed', () => {
    const { onSubmit, type, submit } = setup();
    submit();
    type('Email', 'ada@example.com');
    expect(messageOf('Email')).toBeUndefined();
    type('Name', 'Ada');
    type('Password', 'secret1');
    type('Confirm password', 'secret1');
    submit();
    expect(onSubmit).toHaveBeenCalledWith({
      email: 'ada@example.com',
      name: 'Ada',
      password: 'secret1',
      confirm_password: 'secret1',
    });
  });

  it('shows a server field message until the field changes', () => {
    const { type } = setup({ serverErrors: { email: 'The email has already been taken.' } });
    expect(messageOf('Email')).toBe('The email has already been taken.');
    type('Email', 'other@example.com');
    expect(messageOf('Email')).toBeUndefined();
  });

  it('offers a way back to login', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
  });
});
