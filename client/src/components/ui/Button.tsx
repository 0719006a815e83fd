import type { AnchorHTMLAttributes, ComponentProps } from 'react';
import { Link } from 'wouter';

/** How a house button looks, whether it is a button or a link. */
interface ButtonLook {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'md' | 'sm';
  block?: boolean | undefined;
  className?: string | undefined;
}

function buttonClasses({ variant = 'primary', size = 'md', block, className }: ButtonLook): string {
  return [
    'button',
    `button--${variant}`,
    size === 'sm' ? 'button--sm' : '',
    block ? 'button--block' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ComponentProps<'button'>, ButtonLook {
  /** Shows a busy state and disables the button. */
  busy?: boolean;
}

/** The house button. */
export function Button({
  variant,
  size,
  block,
  busy,
  className,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses({ variant, size, block, className })}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <span className="button__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** A link (to a screen of the app) that looks like the house button. */
export function ButtonLink({
  href,
  variant,
  size,
  block,
  className,
  ...rest
}: ButtonLook & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className'> & { href: string }) {
  return <Link href={href} className={buttonClasses({ variant, size, block, className })} {...rest} />;
}
