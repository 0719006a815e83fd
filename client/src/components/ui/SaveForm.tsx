import { useRef, type ComponentProps } from 'react';
import { fieldErrors } from '../../api/errors.ts';
import type { FieldErrors, FormState } from '../../forms/useForm.ts';

/** The part of a tRPC mutation a form sends through. */
export interface SaveMutation<Input, Result> {
  isPending: boolean;
  mutate: (input: Input, callbacks: { onSuccess: (result: Result) => void; onError: (error: unknown) => void }) => void;
}

/** One save for a screen that creates without an id and updates with one. */
export function createOrUpdate<Body, Result>(
  id: number | null,
  create: SaveMutation<Body, Result>,
  update: SaveMutation<Body & { id: number }, Result>,
): SaveMutation<Body, Result> {
  return {
    isPending: create.isPending || update.isPending,
    mutate: (body, callbacks) =>
      id === null ? create.mutate(body, callbacks) : update.mutate({ id, ...body }, callbacks),
  };
}

interface SaveFormProps<F extends string, Input, Result> extends Omit<ComponentProps<'form'>, 'onSubmit'> {
  form: FormState<F>;
  save: SaveMutation<Input, Result>;
  /** What is sent, built from values that passed the form's rules. */
  input: (values: Record<F, string>) => NoInfer<Input>;
  onSaved: (result: Result) => void;
  /** The server's refusal; by default its field messages (a 422) go under the fields. */
  onRefused?: (error: unknown) => void;
}

/**
 * A form that sends its values once they pass its rules, one send at a time: the server's field messages land under
 * the fields, and the form is busy while the send runs.
 */
export function SaveForm<F extends string, Input, Result>({
  form,
  save,
  input,
  onSaved,
  onRefused = (error) => form.setServerErrors(fieldErrors(error) as FieldErrors<F>),
  className = 'panel form',
  children,
  ...props
}: SaveFormProps<F, Input, Result>) {
  // Set synchronously on submit, so a double click sends once even before the mutation reports it is pending.
  const sending = useRef(false);
  return (
    <form
      className={className}
      noValidate
      aria-busy={save.isPending || undefined}
      {...props}
      onSubmit={(e) => {
        if (!form.attempt(e) || save.isPending || sending.current) return;
        sending.current = true;
        save.mutate(input(form.values), {
          onSuccess: (result) => {
            sending.current = false;
            onSaved(result);
          },
          onError: (error) => {
            sending.current = false;
            onRefused(error);
          },
        });
      }}
    >
      {children}
    </form>
  );
}
