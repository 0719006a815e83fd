import { changePasswordInput, MIN_PASSWORD_LENGTH, TOAST_MS } from '@evolution/shared';
import { trpc } from '../../api/trpc.ts';
import { authStore } from '../../auth/store.ts';
import { Button } from '../../components/ui/Button.tsx';
import { PasswordField } from '../../components/ui/Field.tsx';
import { toast } from '../../components/ui/notifier.ts';
import { SaveForm } from '../../components/ui/SaveForm.tsx';
import { schemaErrors, useForm, withPasswordMatch } from '../../forms/useForm.ts';
import { PageHeader } from '../../components/PageHeader.tsx';

const FIELDS = ['old_password', 'password', 'password_confirmation'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = { old_password: '', password: '', password_confirmation: '' };

/** The change-password rules (spec section 5) through the shared schema; the match is said as soon as both are typed. */
function validateChangePassword(values: Record<Field, string>) {
  return withPasswordMatch(
    schemaErrors(changePasswordInput, values, FIELDS),
    values,
    'password',
    'password_confirmation',
  );
}

/** /with_menu/settings: change password; the server's message shows 3 s and the new token replaces the old one. */
export default function ChangePasswordPage() {
  const form = useForm(EMPTY, validateChangePassword, FIELDS);
  const change = trpc.account.changePassword.useMutation();

  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <PageHeader eyebrow="Account settings" title="Change Password" />
      <SaveForm
        form={form}
        save={change}
        input={(values) => values}
        onSaved={(res) => {
          // Every other session ends with the change; this one carries on with the new token.
          authStore.update({ token: res.access_token });
          toast.success(res.message, TOAST_MS.apiError);
          form.reset();
        }}
      >
        <PasswordField kind="current" label="Current password" {...form.bind('old_password')} />
        <PasswordField
          kind="new"
          label="New password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          {...form.bind('password')}
        />
        <PasswordField kind="new" label="Confirm new password" {...form.bind('password_confirmation')} />
        <Button type="submit" busy={change.isPending}>
          Change password
        </Button>
      </SaveForm>
    </section>
  );
}
