import { LazyConfirmDialog } from '../../../components/ui/LazyConfirmDialog.tsx';

/** The runner's 'YOU SURE?' question before Restart throws away what this phase has logged. */
export function RestartDialog({
  open,
  onOpenChange,
  text,
  onRestart,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  text: string;
  onRestart: () => void;
}) {
  return (
    <LazyConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="YOU SURE?"
      text={text}
      confirmLabel="Agree"
      cancelLabel="Disagree"
      onConfirm={() => {
        onRestart();
        onOpenChange(false);
      }}
    />
  );
}
