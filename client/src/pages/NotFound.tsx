import { ButtonLink } from '../components/ui/Button.tsx';

/** An unknown path. */
export function NotFound() {
  return (
    <section className="card card--narrow" aria-labelledby="page-title">
      <p className="eyebrow">404</p>
      <h1 id="page-title" className="card__title">
        Page not found
      </h1>
      <p className="muted">There is nothing at this address.</p>
      <ButtonLink href="/">Go home</ButtonLink>
    </section>
  );
}
