import type { ReactNode } from 'react';
import { AlertDialog, Dialog } from 'radix-ui';
import { Button } from './Button.tsx';
import { CloseIcon } from './icons.tsx';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** A line under the title, read out as the dialog's description. */
  description?: ReactNode;
  children: ReactNode;
  /** Wider body for long forms. */
  wide?: boolean;
}

/** A centred Radix dialog with a title, a close button and a scrolling body. */
export function Modal({ open, onOpenChange, title, description, children, wide }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content
          className={wide ? 'modal modal--wide' : 'modal'}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="modal__head">
            <Dialog.Title className="modal__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close">
              <CloseIcon />
            </Dialog.Close>
          </div>
          {description ? <Dialog.Description className="modal__description">{description}</Dialog.Description> : null}
          <div className="modal__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  text: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  /** While the confirmed action runs: both buttons wait. */
  busy?: boolean;
  /** The action cannot run now (offline): the confirm button waits, No still closes. */
  confirmDisabled?: boolean;
  danger?: boolean;
  children?: ReactNode;
}

/** A Radix alert dialog asking to confirm an action (Yes/No by default). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  text,
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  onConfirm,
  busy,
  confirmDisabled,
  danger,
  children,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="modal-overlay" />
        <AlertDialog.Content className="modal modal--confirm">
          <AlertDialog.Title className="modal__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="modal__text">{text}</AlertDialog.Description>
          {children}
          <div className="modal__actions">
            <AlertDialog.Cancel asChild>
              <Button variant="ghost" disabled={busy}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant={danger ? 'danger' : 'primary'}
              busy={busy}
              disabled={confirmDisabled}
              onClick={(e) => {
                // The dialog stays open while the action runs; the caller closes it.
                e.preventDefault();
                onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
