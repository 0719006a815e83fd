import type { MouseEvent, ReactNode } from 'react';
import { Brand } from '../components/Brand.tsx';

/** Visitors' screens: the brand and the page, no navigation. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="shell shell--public">
      <SkipLink />
      <header className="public-header">
        <Brand />
      </header>
      <main id="main" tabIndex={-1} className="public-main">
        {children}
      </main>
    </div>
  );
}

/** Hash routing owns the fragment, so the skip link moves focus itself. */
function skipToMain(e: MouseEvent) {
  e.preventDefault();
  document.getElementById('main')?.focus();
}

/** Every shell's first link: straight to the screen's main content (id `main`). */
export function SkipLink() {
  return (
    <a className="skip-link" href="#main" onClick={skipToMain}>
      Skip to content
    </a>
  );
}
