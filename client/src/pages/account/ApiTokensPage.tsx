import { useState } from 'react';
import { chosenExpiryDay, TOAST_MS, tokenCreateInput, type TokenAbility, type TokenDto } from '@evolution/shared';
import { trpc } from '../../api/trpc.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StaticTable, type StaticColumn } from '../../components/table/StaticTable.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { CheckboxField, FieldError, TextField } from '../../components/ui/Field.tsx';
import { ConfirmDialog } from '../../components/ui/Modal.tsx';
import { Panel } from '../../components/ui/Panel.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';
import { SaveForm } from '../../components/ui/SaveForm.tsx';
import { toast } from '../../components/ui/notifier.ts';
import { formatDate, formatWhen, todayIso } from '../../forms/format.ts';
import { schemaErrors, useForm } from '../../forms/useForm.ts';

const FIELDS = ['name', 'abilities', 'expires_at'] as const;
type Field = (typeof FIELDS)[number];
// The abilities ride in the form as a comma list ("read,write"), which the shared schema reads as the list it names.
const EMPTY: Record<Field, string> = { name: '', abilities: 'read', expires_at: '' };

/** The two abilities a member chooses from (Sanctum's `*`, all, is the API's alone). */
const CHOICES: readonly { ability: TokenAbility; label: string }[] = [
  { ability: 'read', label: 'Read: look up your data (GET calls only)' },
  { ability: 'write', label: 'Write: change your data too' },
];

const abilitiesIn = (value: string) => value.split(',').filter(Boolean);
const abilitiesText = (abilities: readonly TokenAbility[]) =>
  abilities.includes('*') ? 'all' : abilities.includes('write') ? 'read, write' : 'read';

/** A token's name, abilities and dates, newest first; each row revokes its token (after asking). */
function tokenColumns(onRevoke: (token: TokenDto) => void): readonly StaticColumn<TokenDto>[] {
  return [
    { label: 'Name', cell: (t) => t.name },
    { label: 'Abilities', cell: (t) => abilitiesText(t.abilities) },
    {
      label: 'Last used',
      cell: (t) => (t.last_used_at ? <time dateTime={t.last_used_at}>{formatWhen(t.last_used_at)}</time> : 'Never'),
    },
    {
      label: 'Expires',
      cell: (t) =>
        t.expires_at ? (
          <time dateTime={t.expires_at}>{formatDate(chosenExpiryDay(t.expires_at) ?? t.expires_at)}</time>
        ) : (
          'Never'
        ),
    },
    { label: 'Created', cell: (t) => <time dateTime={t.created_at}>{formatDate(t.created_at)}</time> },
    {
      label: 'Actions',
      cell: (t) => (
        <Button variant="ghost" onClick={() => onRevoke(t)} aria-label={`Revoke ${t.name}`}>
          Revoke
        </Button>
      ),
    },
  ];
}

/** The secret of the token just made, shown this once with a Copy button. */
function NewToken({ token, onDone }: { token: string; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      toast.success('Token copied.', TOAST_MS.short);
    } catch {
      toast.danger('The token could not be copied: select it and copy it by hand.', TOAST_MS.apiError);
    }
  };
  return (
    <Panel titleId="new-token-title" title="Your new token" className="form">
      <p className="notice notice--warning">Copy it now: it is not shown again.</p>
      <TextField label="Token" value={token} readOnly onFocus={(e) => e.currentTarget.select()} />
      <div className="panel__actions">
        <Button onClick={copy}>Copy</Button>
        <Button variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </Panel>
  );
}

/**
 * /with_menu/api_tokens and /admin/api_tokens: personal access tokens for apps and scripts that call the API as the
 * user (docs/api.md), made, listed and revoked here; a new token's secret is shown once.
 */
export default function ApiTokensPage() {
  const utils = trpc.useUtils();
  const tokens = trpc.tokens.list.useQuery();
  const create = trpc.tokens.create.useMutation();
  const revoke = trpc.tokens.revoke.useMutation();
  const form = useForm(EMPTY, (values) => schemaErrors(tokenCreateInput, values, FIELDS), FIELDS);
  const [made, setMade] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<TokenDto | null>(null);
  const chosen = abilitiesIn(form.values.abilities);
  const toggle = (ability: TokenAbility, on: boolean) =>
    form.set(
      'abilities',
      CHOICES.map((c) => c.ability)
        .filter((a) => (a === ability ? on : chosen.includes(a)))
        .join(','),
    );

  const confirmRevoke = () =>
    revoking &&
    revoke.mutate(
      { id: revoking.id },
      {
        onSuccess(res) {
          toast.success(res.message, TOAST_MS.apiError);
          void utils.tokens.list.invalidate();
        },
        onSettled: () => setRevoking(null),
      },
    );
  const rows = tokens.data ?? [];
  const abilitiesError = form.shown('abilities');

  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeader eyebrow="Account settings" title="API Tokens">
        <p className="muted">
          A token lets an app or a script of yours call the API as you, without your password: send it as{' '}
          <code>Authorization: Bearer &lt;token&gt;</code>. Revoke one you no longer use; changing your password revokes
          them all.
        </p>
      </PageHeader>
      {made && <NewToken token={made} onDone={() => setMade(null)} />}
      <SaveForm
        form={form}
        save={create}
        aria-labelledby="create-token-title"
        input={(values) => ({
          name: values.name,
          abilities: abilitiesIn(values.abilities),
          expires_at: values.expires_at || null,
        })}
        onSaved={(res) => {
          setMade(res.token);
          form.reset();
          void utils.tokens.list.invalidate();
        }}
      >
        <h2 id="create-token-title" className="panel__title">
          New token
        </h2>
        <TextField label="Name" hint="What the token is for, e.g. Spreadsheet sync." {...form.bind('name')} />
        <fieldset className="choice-list" aria-describedby={abilitiesError ? 'token-abilities-error' : undefined}>
          <legend className="field__label">Abilities</legend>
          {CHOICES.map((c) => (
            <CheckboxField
              key={c.ability}
              label={c.label}
              name="abilities"
              value={c.ability}
              checked={chosen.includes(c.ability)}
              onChange={(e) => toggle(c.ability, e.target.checked)}
            />
          ))}
          <FieldError id="token-abilities-error" error={abilitiesError} />
        </fieldset>
        <TextField
          label="Expires on (optional)"
          type="date"
          min={todayIso()}
          hint="The token works to the end of that day (UTC). Leave empty for a token that does not expire."
          {...form.bind('expires_at')}
        />
        <Button type="submit" busy={create.isPending}>
          Create token
        </Button>
      </SaveForm>
      <Panel titleId="tokens-title" title="Your tokens">
        <QueryState query={tokens} loading="Loading your tokens" />
        {tokens.isSuccess && rows.length === 0 && <p className="empty">You have no tokens.</p>}
        {rows.length > 0 && (
          <StaticTable
            caption={<caption className="visually-hidden">Your tokens, newest first</caption>}
            columns={tokenColumns(setRevoking)}
            rows={rows}
            rowKey={(t) => t.id}
          />
        )}
      </Panel>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke ${revoking?.name ?? 'this token'}?`}
        text="Apps and scripts using it stop working at once. This cannot be undone."
        confirmLabel="Yes, revoke"
        cancelLabel="No"
        onConfirm={confirmRevoke}
        busy={revoke.isPending}
        danger
      />
    </section>
  );
}
