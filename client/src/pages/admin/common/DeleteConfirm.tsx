import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ui/Modal.tsx';

/** The part of a tRPC delete mutation this dialog uses. */
interface DeleteMutation<Result> {
  isPending: boolean;
  mutate: (
    input: { id: number },
    callbacks: { onSuccess: (result: Result) => void; onError: (error: unknown) => void },
  ) => void;
}

export interface DeleteConfirmProps<Row extends { id: number }, Result> {
  /** The row whose DELETE was pressed, or null while the dialog is shut. */
  row: Row | null;
  /** Shuts the dialog (Cancel, Escape, and after either answer of the server). */
  onClose: () => void;
  title: string;
  /** What deleting this row does, said before the admin confirms. */
  text: (row: Row) => ReactNode;
  remove: DeleteMutation<Result>;
  /** After the server deleted the row: the toast, the page to show, the refetch. */
  onDeleted: (row: Row, result: Result) => void;
  /** After the server refused (say a 409 for a row in use): why nothing happened, and a refetch. */
  onRefused?: (error: unknown) => void;
}

/** The Delete/Cancel question over an admin list's row; Delete runs `remove` and the dialog waits for its answer. */
export function DeleteConfirm<Row extends { id: number }, Result>({
  row,
  onClose,
  title,
  text,
  remove,
  onDeleted,
  onRefused,
}: DeleteConfirmProps<Row, Result>) {
  const confirm = () => {
    if (!row) return;
    remove.mutate(
      { id: row.id },
      {
        onSuccess: (result) => {
          onClose();
          onDeleted(row, result);
        },
        onError: (error) => {
          onClose();
          onRefused?.(error);
        },
      },
    );
  };
  return (
    <ConfirmDialog
      open={row !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      text={row ? text(row) : ''}
      confirmLabel="Delete"
      cancelLabel="Cancel"
      danger
      busy={remove.isPending}
      onConfirm={confirm}
    />
  );
}
