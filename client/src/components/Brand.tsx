import { Link } from 'wouter';

/** The product mark; links home. */
export function Brand({ to = '/' }: { to?: string }) {
  return (
    <Link href={to} className="brand" aria-label="Evolution, home">
      <span className="brand__mark" aria-hidden="true">
        <svg viewBox="0 0 32 32" width="28" height="28">
          <path d="M4 26L16 4l12 22h-7l-5-9-5 9z" fill="currentColor" />
        </svg>
      </span>
      <span className="brand__word">EVOLUTION</span>
    </Link>
  );
}
