import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { Link, useLocation } from 'wouter';
import {
  MIN_PASSWORD_LENGTH,
  ROLE,
  TOAST_MS,
  adminUserCreateInput,
  adminUserPasswordInput,
  adminUserUpdateInput,
  type AdminUser,
} from '@evolution/shared';
import { trpc } from '../../../api/trpc.ts';
import { useAuth } from '../../../auth/store.ts';
import { Button, ButtonLink } from '../../../components/ui/Button.tsx';
import { PasswordField, SelectField, TextField, type SelectFieldProps } from '../../../components/ui/Field.tsx';
import { ConfirmDialog } from '../../../components/ui/Modal.tsx';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { SaveForm } from '../../../components/ui/SaveForm.tsx';
import { toast } from '../../../components/ui/notifier.ts';
import { schemaErrors, useForm } from '../../../forms/useForm.ts';
import type { PageProps } from '../../../router/routeTypes.ts';
import { AdminScreen } from '../common/AdminScreen.tsx';
import { FormActions } from '../common/FormActions.tsx';
import { AccessPanel } from './AccessPanel.tsx';
import './users.css';

const LIST = '/admin/user_management';
const BACK = { href: LIST, label: 'User Management' };

const CREATE_FIELDS = ['name', 'email', 'password', 'user_type'] as const;
const DETAIL_FIELDS = ['name', 'email', 'user_type'] as const;
const PASSWORD_FIELDS = ['password', 'password_confirmation'] as const;
type CreateField = (typeof CREATE_FIELDS)[number];
type DetailField = (typeof DETAIL_FIELDS)[number];
type PasswordFieldName = (typeof PASSWORD_FIELDS)[number];

/** docs/spec/admin.md §5's rules, through the same shared schemas the server answers 422 with. */
export const validateCreate = (v: Record<CreateField, string>) => schemaErrors(adminUserCreateInput, v, CREATE_FIELDS);
export const validateDetails = (v: Record<DetailField, string>) => schemaErrors(adminUserUpdateInput, v, DETAIL_FIELDS);
export const validatePassword = (v: Record<PasswordFieldName, string>) =>
  schemaErrors(adminUserPasswordInput, v, PASSWORD_FIELDS);

function UserTypeField(props: Omit<SelectFieldProps, 'label' | 'children'>) {
  return (
    <SelectField label="User type" {...props}>
      <option value={String(ROLE.member)}>User (member)</option>
      <option value={String(ROLE.admin)}>Admin</option>
    </SelectField>
  );
}

/** /admin/user/create and /admin/user/{id}/edit: one screen, creating without an id and editing with one. */
export default function UserEditPage({ params }: PageProps) {
  return params.id === undefined ? <CreateUser /> : <EditUser key={params.id} id={Number(params.id)} />;
}

function CreateUser() {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const create = trpc.admin.users.create.useMutation();
  const form = useForm<CreateField>(
    { name: '', email: '', password: '', user_type: String(ROLE.member) },
    validateCreate,
    CREATE_FIELDS,
  );

  return (
    <AdminScreen title="Create User" back={BACK} className="page--narrow">
      <SaveForm
        form={form}
        save={create}
        input={(values) => values}
        onSaved={(res) => {
          void utils.admin.users.list.invalidate();
          utils.admin.users.get.setData({ id: res.data.id }, res.data);
          toast.success(res.message, TOAST_MS.apiError);
          navigate(`/admin/user/${res.data.id}/edit`);
        }}
      >
        <div className="form-grid">
          <TextField label="Name" autoComplete="off" required {...form.bind('name')} />
          <TextField label="Email" type="email" autoComplete="off" required {...form.bind('email')} />
          <PasswordField
            kind="new"
            label="Password"
            required
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            {...form.bind('password')}
          />
          <UserTypeField {...form.bind('user_type')} />
        </div>
        <FormActions submit="Create user" busy={create.isPending} cancelHref={LIST} />
      </SaveForm>
    </AdminScreen>
  );
}

function EditUser({ id }: { id: number }) {
  const user = trpc.admin.users.get.useQuery({ id }, { staleTime: 0 });
  const selfId = useAuth().user?.user_id;
  // A user deleted meanwhile answers 404: the screen says so rather than showing what was cached.
  const data = user.isError ? undefined : user.data;
  const self = data?.id === selfId;
  const member = data?.user_type === ROLE.member;

  return (
    <AdminScreen
      title={data ? `Edit ${data.name}` : 'Edit User'}
      back={BACK}
      actions={
        data && member ? (
          <ButtonLink href={`/admin/user/${data.id}/contact_information`} variant="secondary">
            View record
          </ButtonLink>
        ) : undefined
      }
    >
      <QueryState query={user} loading="Loading the user" />
      {data && (
        <div className="user-edit columns">
          <div className="user-edit__column">
            <DetailsForm key={`${data.id}-${data.name}-${data.email}-${data.user_type}`} user={data} self={self} />
            {self ? (
              <div className="panel">
                <h2 className="panel__title">Password</h2>
                <p className="muted">
                  Your own password is changed on the{' '}
                  <Link href="/admin/settings" className="link">
                    Change Password
                  </Link>{' '}
                  screen, with your current password.
                </p>
              </div>
            ) : (
              <PasswordForm user={data} />
            )}
          </div>
          <div className="user-edit__column">
            {member && <AccessPanel user={data} />}
            {!self && <DeletePanel user={data} />}
          </div>
        </div>
      )}
    </AdminScreen>
  );
}

function DetailsForm({ user, self }: { user: AdminUser; self: boolean }) {
  const utils = trpc.useUtils();
  const update = trpc.admin.users.update.useMutation();
  const form = useForm<DetailField>(
    { name: user.name, email: user.email, user_type: String(user.user_type) },
    validateDetails,
    DETAIL_FIELDS,
  );
  return (
    <SaveForm
      aria-labelledby="user-details-title"
      form={form}
      save={update}
      input={(values) => ({ id: user.id, ...values })}
      onSaved={(res) => {
        utils.admin.users.get.setData({ id: user.id }, res.data);
        void utils.admin.users.list.invalidate();
        toast.success(res.message, TOAST_MS.apiError);
      }}
    >
      <h2 id="user-details-title" className="panel__title">
        Details
      </h2>
      <div className="form-grid">
        <TextField label="Name" autoComplete="off" required {...form.bind('name')} />
        <TextField label="Email" type="email" autoComplete="off" required {...form.bind('email')} />
        <UserTypeField
          {...form.bind('user_type')}
          disabled={self}
          hint={self ? 'You cannot change your own user type.' : undefined}
        />
      </div>
      <FormActions submit="Save details" busy={update.isPending} />
    </SaveForm>
  );
}

function PasswordForm({ user }: { user: AdminUser }) {
  const setPassword = trpc.admin.users.setPassword.useMutation();
  const form = useForm<PasswordFieldName>(
    { password: '', password_confirmation: '' },
    validatePassword,
    PASSWORD_FIELDS,
  );
  return (
    <SaveForm
      aria-labelledby="user-password-title"
      form={form}
      save={setPassword}
      input={(values) => ({ id: user.id, ...values })}
      onSaved={(res) => {
        toast.success(res.message, TOAST_MS.medium);
        form.reset();
      }}
    >
      <h2 id="user-password-title" className="panel__title">
        Set password
      </h2>
      <p className="muted">{user.name} is signed out everywhere and signs in again with the new password.</p>
      <div className="form-grid">
        <PasswordField
          kind="new"
          label="New password"
          required
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          {...form.bind('password')}
        />
        <PasswordField kind="new" label="Repeat password" required {...form.bind('password_confirmation')} />
      </div>
      <FormActions submit="Set password" busy={setPassword.isPending} />
    </SaveForm>
  );
}

function DeletePanel({ user }: { user: AdminUser }) {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const remove = trpc.admin.users.delete.useMutation();
  const [confirming, setConfirming] = useState(false);
  const what =
    user.user_type === ROLE.member
      ? 'their training record, photos, contact details and subscription (ended with the payment provider)'
      : 'their admin account';
  return (
    <div className="panel panel--danger">
      <h2 className="panel__title">Delete user</h2>
      <p className="muted">
        Deletes {user.name} and {what}. This cannot be undone.
      </p>
      <div className="panel__actions">
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Delete user
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete user"
        text={`Delete ${user.name} (${user.email}) and all their data?`}
        confirmLabel="Delete"
        cancelLabel="Keep"
        danger
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { id: user.id },
            {
              onSuccess(res) {
                setConfirming(false);
                void utils.admin.users.list.invalidate();
                // Forgotten, not refetched: asking for a deleted user again would only answer 404.
                queryClient.removeQueries({ queryKey: getQueryKey(trpc.admin.users.get, { id: user.id }, 'query') });
                toast.success(res.message, TOAST_MS.apiError);
                navigate(LIST);
              },
              onError: () => setConfirming(false),
            },
          )
        }
      />
    </div>
  );
}
