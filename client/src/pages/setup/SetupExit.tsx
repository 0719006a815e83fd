import { Link } from 'wouter';
import { useAuth } from '../../auth/store.ts';
import './setup.css';

/**
 * The setup screens hide the menu, so they offer Log out themselves; signing in again returns the member to the step
 * they were on (the navigation rules send an unfinished setup to its current step).
 */
export function SetupExit() {
  const { user } = useAuth();
  return (
    <nav className="setup-exit" aria-label="Account">
      {user && (
        <span className="setup-exit__who muted">
          Signed in as <strong>{user.name}</strong>
        </span>
      )}
      <Link href="/logout" className="button button--ghost button--sm">
        Log out
      </Link>
    </nav>
  );
}
