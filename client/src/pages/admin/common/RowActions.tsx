import { Button, ButtonLink } from '../../../components/ui/Button.tsx';

/** A list's ADD link, named for where it adds ("Add a meal to Elixirs"). */
export function AddLink({ href, label }: { href: string; label: string }) {
  return (
    <ButtonLink href={href} aria-label={label}>
      ADD
    </ButtonLink>
  );
}

/** A row's EDIT link, named for the row ("Edit Squats"). */
export function EditLink({ href, name }: { href: string; name: string }) {
  return (
    <ButtonLink href={href} variant="ghost" size="sm" aria-label={`Edit ${name}`}>
      EDIT
    </ButtonLink>
  );
}

/** A row's EDIT link, then its DELETE button unless the row cannot be deleted (no `onDelete`). */
export function EditDeleteActions({ href, name, onDelete }: { href: string; name: string; onDelete?: () => void }) {
  return (
    <>
      <EditLink href={href} name={name} />
      {onDelete && <DeleteButton name={name} onClick={onDelete} />}
    </>
  );
}

/** A row's VIEW link, named for the row ("View Squats"). */
export function ViewLink({ href, name }: { href: string; name: string }) {
  return (
    <ButtonLink href={href} variant="secondary" size="sm" aria-label={`View ${name}`}>
      VIEW
    </ButtonLink>
  );
}

/** A row's DELETE button, named for the row ("Delete Squats"); it asks first (see DeleteConfirm). */
export function DeleteButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button variant="danger" size="sm" aria-label={`Delete ${name}`} onClick={onClick}>
      DELETE
    </Button>
  );
}
