import { useEffect, useRef } from 'react';
import { useLogout } from '../../auth/actions.ts';
import { Spinner } from '../../components/ui/Spinner.tsx';

/** /logout: revokes the token, clears local storage and goes to /. */
export default function LogoutPage() {
  const logout = useLogout();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void logout();
  }, [logout]);
  return (
    <section className="card card--narrow" aria-labelledby="page-title">
      <h1 id="page-title" className="card__title">
        Logging out
      </h1>
      <Spinner label="Logging out" />
    </section>
  );
}
