import { useState } from 'react';
import { useLocation } from 'wouter';
import { adminFormGroupInput, type AdminFormGroup } from '@evolution/shared';
import { trpc } from '../../../api/trpc.ts';
import { MediaUploadField } from '../../../components/admin/MediaUploadField.tsx';
import { TextField } from '../../../components/ui/Field.tsx';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { SaveForm, createOrUpdate } from '../../../components/ui/SaveForm.tsx';
import { toast } from '../../../components/ui/notifier.ts';
import { ButtonLink } from '../../../components/ui/Button.tsx';
import { schemaErrors, useForm } from '../../../forms/useForm.ts';
import type { PageProps } from '../../../router/routeTypes.ts';
import { AdminScreen } from '../common/AdminScreen.tsx';
import { FormActions } from '../common/FormActions.tsx';
import { ExerciseTypeField } from '../common/LookupFields.tsx';
import { FORM_GROUP_LIST, ladderPath } from './ladderShared.ts';
import './forms.css';

const FIELDS = ['name', 'exercise_type_id', 'video_id', 'video_link'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const EMPTY: Values = { name: '', exercise_type_id: '', video_id: '', video_link: '' };
const toValues = (g: AdminFormGroup): Values => ({
  name: g.name,
  exercise_type_id: String(g.exercise_type_id),
  video_id: g.video_id ? String(g.video_id) : '',
  video_link: g.video_link ?? '',
});
export const validateFormGroup = (values: Values) => schemaErrors(adminFormGroupInput, values, FIELDS);

/** /admin/form_group/create and /admin/form_group/{id}/edit: name, exercise type, demonstration video and link. */
export default function FormGroupEditPage({ params }: PageProps) {
  const id = params.id ? Number(params.id) : null;
  const group = trpc.admin.formGroups.get.useQuery({ id: id ?? 0 }, { enabled: id !== null, staleTime: 0 });
  const title = id === null ? 'Create Form Group' : 'Edit Form Group';

  return (
    <AdminScreen
      title={title}
      back={{ href: FORM_GROUP_LIST, label: 'Form Management' }}
      actions={
        id !== null && group.isSuccess ? (
          <ButtonLink href={ladderPath(id)} variant="secondary">
            Forms of {group.data.data.name}
          </ButtonLink>
        ) : undefined
      }
      className="page--narrow"
    >
      {id === null ? (
        <FormGroupForm initial={EMPTY} initialVideoPath={null} id={null} />
      ) : (
        <>
          <QueryState query={group} loading="Loading the form group" />
          {group.isSuccess && (
            <FormGroupForm
              key={group.data.data.id}
              initial={toValues(group.data.data)}
              initialVideoPath={group.data.data.video_path}
              id={id}
            />
          )}
        </>
      )}
    </AdminScreen>
  );
}

function FormGroupForm({
  initial,
  initialVideoPath,
  id,
}: {
  initial: Values;
  initialVideoPath: string | null;
  id: number | null;
}) {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const save = createOrUpdate(
    id,
    trpc.admin.formGroups.create.useMutation(),
    trpc.admin.formGroups.update.useMutation(),
  );
  const form = useForm(initial, validateFormGroup, FIELDS);
  // The signed address of the chosen video, for its preview; the form keeps only the id.
  const [videoPath, setVideoPath] = useState(initialVideoPath);

  const onSaved = ({ data }: { data: AdminFormGroup }) => {
    void utils.admin.formGroups.invalidate();
    toast.success(`Form group ${data.name} saved.`);
    // A new group has no forms yet: its ladder is where the admin goes next.
    navigate(id === null ? ladderPath(data.id) : FORM_GROUP_LIST);
  };
  return (
    <SaveForm
      form={form}
      save={save}
      input={(values) => ({
        name: values.name,
        exercise_type_id: values.exercise_type_id,
        video_id: values.video_id ? Number(values.video_id) : null,
        video_link: values.video_link,
      })}
      onSaved={onSaved}
    >
      <div className="form-grid">
        <TextField label="Name" required maxLength={100} {...form.bind('name')} />
        <ExerciseTypeField required {...form.bind('exercise_type_id')} />
      </div>
      <MediaUploadField
        kind="form_group_video"
        label="Demonstration video"
        value={form.values.video_id ? { id: Number(form.values.video_id), path: videoPath } : null}
        onChange={(media) => {
          form.set('video_id', media ? String(media.id) : '');
          setVideoPath(media?.path ?? null);
        }}
        error={form.shown('video_id')}
      />
      <TextField
        label="Video link"
        hint="An id or address on the video host; optional"
        maxLength={255}
        {...form.bind('video_link')}
      />
      <FormActions
        submit={id === null ? 'Create form group' : 'Save'}
        busy={save.isPending}
        cancelHref={FORM_GROUP_LIST}
      />
    </SaveForm>
  );
}
