import type { ReactNode } from 'react';
import { Button, ButtonLink } from '../../../components/ui/Button.tsx';

export interface FormActionsProps {
  /** The submit button's text ("Save", "Create user"). */
  submit: ReactNode;
  /** While the save runs: the submit button waits. */
  busy: boolean;
  /** Where Cancel leads back to; a form that stays on its screen has none. */
  cancelHref?: string;
  cancelLabel?: string;
  /** The row's class: `panel__actions` unless the form lays out its own. */
  className?: string;
}

/** The end of an admin edit form: the submit button, then Cancel back to the list when there is one. */
export function FormActions({
  submit,
  busy,
  cancelHref,
  cancelLabel = 'Cancel',
  className = 'panel__actions',
}: FormActionsProps) {
  return (
    <div className={className}>
      <Button type="submit" busy={busy}>
        {submit}
      </Button>
      {cancelHref && (
        <ButtonLink href={cancelHref} variant="ghost">
          {cancelLabel}
        </ButtonLink>
      )}
    </div>
  );
}
