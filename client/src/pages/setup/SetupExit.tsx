import { useAuth } from '../../auth/store.ts';
import './setup.css';
import { ButtonLink } from '../../components/ui/Button.tsx';

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
      <ButtonLink href="/logout" variant="ghost" size="sm">
        Log out
      </ButtonLink>
    </nav>
  );
}
