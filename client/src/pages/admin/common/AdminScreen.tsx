import type { ComponentProps, ReactNode } from 'react';
import { AdminHeader } from './AdminHeader.tsx';

/**
 * An admin screen: a section named by the header's title (see AdminHeader), then the screen's body. `className`
 * adds to `page` (a narrow form, a screen's own layout).
 */
export function AdminScreen({
  className,
  children,
  ...header
}: ComponentProps<typeof AdminHeader> & { className?: string; children?: ReactNode }) {
  return (
    <section className={className ? `page ${className}` : 'page'} aria-labelledby="page-title">
      <AdminHeader {...header} />
      {children}
    </section>
  );
}
