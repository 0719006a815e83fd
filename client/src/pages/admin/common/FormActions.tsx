import type { ReactNode } from 'react';
import { useUploadsInFlight } from '../../../components/admin/uploadsInFlight.ts';
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

/**
 * The end of an admin edit form: the submit button (waiting while a file uploads), then Cancel back to the list when
 * there is one.
 */
export function FormActions({
  submit,
  busy,
  cancelHref,
  cancelLabel = 'Cancel',
  className = 'panel__actions',
}: FormActionsProps) {
  const uploading = useUploadsInFlight();
  return (
    <div className={className}>
      <Button type="submit" busy={busy} disabled={uploading}>
        {submit}
      </Button>
      {uploading && (
        <span role="status" className="muted">
          Waiting for the upload to finish.
        </span>
      )}
      {cancelHref && (
        <ButtonLink href={cancelHref} variant="ghost">
          {cancelLabel}
        </ButtonLink>
      )}
    </div>
  );
}
