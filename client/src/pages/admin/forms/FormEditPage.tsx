import { useLocation } from 'wouter';
import { adminFormCreateInput, type AdminForm } from '@evolution/shared';
import { trpc } from '../../../api/trpc.ts';
import { NumberField, TextField } from '../../../components/ui/Field.tsx';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { SaveForm, createOrUpdate } from '../../../components/ui/SaveForm.tsx';
import { toast } from '../../../components/ui/notifier.ts';
import { schemaErrors, useForm } from '../../../forms/useForm.ts';
import type { PageProps } from '../../../router/routeTypes.ts';
import { AdminScreen } from '../common/AdminScreen.tsx';
import { FormActions } from '../common/FormActions.tsx';
import { MuscleGroupField, RepsOrTimeField } from '../common/LookupFields.tsx';
import { FORM_GROUP_LIST, ladderPath, membersStand, rangeUnit } from './ladderShared.ts';
import './forms.css';

const FIELDS = ['name', 'muscle_group_id', 'level', 'progress', 'min', 'max', 'reps_or_time'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const EMPTY: Values = { name: '', muscle_group_id: '', level: '', progress: '', min: '', max: '', reps_or_time: '1' };
const toValues = (f: AdminForm): Values => ({
  name: f.name,
  muscle_group_id: String(f.muscle_group_id),
  level: String(f.level),
  progress: String(f.progress),
  min: String(f.min),
  max: String(f.max),
  reps_or_time: String(f.reps_or_time),
});
/** The shared schema's verdict; the group id is the page's, so it is never the field in error. */
export const validateForm = (values: Values) =>
  schemaErrors(adminFormCreateInput, { ...values, form_group_id: 1 }, FIELDS);

/** /admin/form_group/{formGroupId}/form/create and /admin/form/{id}/edit: one rung of a ladder. */
export default function FormEditPage({ params }: PageProps) {
  const formId = params.id ? Number(params.id) : null;
  const form = trpc.admin.forms.get.useQuery({ id: formId ?? 0 }, { enabled: formId !== null, staleTime: 0 });
  const groupId = formId === null ? Number(params.formGroupId) : (form.data?.data.form_group_id ?? null);
  const group = trpc.admin.formGroups.get.useQuery(
    { id: groupId ?? 0 },
    { enabled: groupId !== null && formId === null },
  );
  const groupName = formId === null ? group.data?.data.name : form.data?.data.form_group_name;
  const loading = formId === null ? group : form;

  return (
    <AdminScreen
      title={formId === null ? 'Create Form' : 'Edit Form'}
      back={
        groupId !== null && groupName
          ? { href: ladderPath(groupId), label: `Forms of ${groupName}` }
          : { href: FORM_GROUP_LIST, label: 'Form Management' }
      }
      className="page--narrow"
    >
      <QueryState query={loading} loading={formId === null ? 'Loading the form group' : 'Loading the form'} />
      {formId === null && group.isSuccess && <LadderForm initial={EMPTY} groupId={group.data.data.id} formId={null} />}
      {formId !== null && form.isSuccess && (
        <LadderForm
          key={form.data.data.id}
          initial={toValues(form.data.data)}
          groupId={form.data.data.form_group_id}
          formId={formId}
          current={form.data.data}
        />
      )}
    </AdminScreen>
  );
}

function LadderForm({
  initial,
  groupId,
  formId,
  current,
}: {
  initial: Values;
  groupId: number;
  formId: number | null;
  current?: AdminForm;
}) {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const save = createOrUpdate(formId, trpc.admin.forms.create.useMutation(), trpc.admin.forms.update.useMutation());
  const form = useForm(initial, validateForm, FIELDS);
  const unit = rangeUnit(Number(form.values.reps_or_time));

  const onSaved = ({ data }: { data: AdminForm }) => {
    void utils.admin.forms.invalidate();
    void utils.admin.formGroups.invalidate();
    toast.success(`Form ${data.name} saved.`);
    navigate(ladderPath(groupId));
  };
  return (
    <SaveForm form={form} save={save} input={(values) => ({ ...values, form_group_id: groupId })} onSaved={onSaved}>
      {current && current.members_count > 0 && (
        <p className="notice notice--info">
          {membersStand(current.members_count)} on this form. They stay on it when it is saved, even if its level or
          progress moves it on the ladder.
        </p>
      )}
      <div className="form-grid">
        <TextField label="Name" required maxLength={150} className="ladder-wide" {...form.bind('name')} />
        <MuscleGroupField required {...form.bind('muscle_group_id')} />
        <RepsOrTimeField required {...form.bind('reps_or_time')} />
        <NumberField label="Level" required min={1} step={1} {...form.bind('level')} />
        <NumberField
          label="Progress"
          required
          min={1}
          step={1}
          hint="Orders the forms inside a level"
          {...form.bind('progress')}
        />
        <NumberField
          label="Min"
          required
          min={1}
          step={1}
          hint={`Fewest ${unit}; below it the member moves down`}
          {...form.bind('min')}
        />
        <NumberField
          label="Max"
          required
          min={1}
          step={1}
          hint="Every set at the max moves the member up"
          {...form.bind('max')}
        />
      </div>
      <FormActions
        submit={formId === null ? 'Create form' : 'Save'}
        busy={save.isPending}
        cancelHref={ladderPath(groupId)}
      />
    </SaveForm>
  );
}
