import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LOGIN } from '../../auth/places.ts';

/** The card of the sign-in screens (login, register, forgot and reset password): eyebrow, title, then the form. */
export function AuthCard({
  eyebrow = 'Member access',
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="card card--auth" aria-labelledby="page-title">
      <p className="eyebrow">{eyebrow}</p>
      <h1 id="page-title" className="card__title">
        {title}
      </h1>
      {children}
    </section>
  );
}

/** The way back to the login screen under a sign-in form. */
export function BackToLogin() {
  return (
    <p className="card__footer">
      <Link href={LOGIN} className="link">
        Back to login
      </Link>
    </p>
  );
}

/** A line above the submit button saying why nothing happened; nothing when there is nothing to say. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p className="form__alert" role="alert">
      {children}
    </p>
  );
}
