import type { ComponentProps, ReactNode } from 'react';

/** A panel named by its own heading (`titleId`), so assistive technology lists the section under that title. */
export function Panel({
  titleId,
  title,
  className,
  children,
  ...section
}: Omit<ComponentProps<'section'>, 'title'> & { titleId: string; title: ReactNode }) {
  return (
    <section className={className ? `panel ${className}` : 'panel'} aria-labelledby={titleId} {...section}>
      <h2 id={titleId} className="panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
