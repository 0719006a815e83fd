import { useLocation } from 'wouter';
import { calibrationUpdateInput, type AdminCalibration } from '@evolution/shared';
import { trpc } from '../../../api/trpc.ts';
import { NumberField, TextField } from '../../../components/ui/Field.tsx';
import { SaveForm } from '../../../components/ui/SaveForm.tsx';
import { toast } from '../../../components/ui/notifier.ts';
import { schemaErrors, useForm } from '../../../forms/useForm.ts';
import type { PageProps } from '../../../router/routeTypes.ts';
import { EditScreen } from '../common/EditScreen.tsx';
import { FormActions } from '../common/FormActions.tsx';
import { ExerciseTypeField, LookupSelectField, MuscleGroupField, RepsOrTimeField } from '../common/LookupFields.tsx';
import { CALIBRATION_LIST } from './catalogue.ts';
import '../common/catalogue.css';

const FIELDS = [
  'form',
  'form_group_id',
  'exercise_type_id',
  'muscle_group_id',
  'max',
  'reps_or_time',
  'total_weight',
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const toValues = (c: AdminCalibration): Values => ({
  form: c.form,
  form_group_id: String(c.form_group_id),
  exercise_type_id: String(c.exercise_type_id),
  muscle_group_id: c.muscle_group_id ? String(c.muscle_group_id) : '',
  max: String(c.max),
  reps_or_time: String(c.reps_or_time),
  total_weight: String(c.total_weight),
});
const validateCalibration = (values: Values) => schemaErrors(calibrationUpdateInput, values, FIELDS);

/** /admin/calibration/{id}/edit: the max test's name, ladder, type, muscle (optional), max, reps or time and load. */
export default function CalibrationEditPage({ params }: PageProps) {
  const id = Number(params.id);
  const calibration = trpc.admin.calibrations.get.useQuery({ id }, { staleTime: 0 });
  return (
    <EditScreen
      title="Edit Calibration"
      back={{ href: CALIBRATION_LIST, label: 'Calibration Management' }}
      query={calibration}
      loading="Loading the calibration"
    >
      {(row) => <CalibrationForm key={row.id} id={id} initial={toValues(row)} />}
    </EditScreen>
  );
}

function CalibrationForm({ id, initial }: { id: number; initial: Values }) {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const formGroups = trpc.admin.calibrations.formGroupsAll.useQuery(undefined, { staleTime: 5 * 60_000 });
  const save = trpc.admin.calibrations.update.useMutation();
  const form = useForm(initial, validateCalibration, FIELDS);

  return (
    <SaveForm
      form={form}
      save={save}
      // An empty muscle group is sent as null: the calibration then trains no particular muscle.
      input={(values) => ({ id, ...values, muscle_group_id: values.muscle_group_id || null })}
      onSaved={({ data }) => {
        void utils.admin.calibrations.list.invalidate();
        utils.admin.calibrations.get.setData({ id }, { data });
        toast.success(`Calibration ${data.form} saved.`);
        navigate(CALIBRATION_LIST);
      }}
    >
      <TextField
        label="Form"
        hint="The test's name as members see it. A new name shows from each member's next calibration: results already recorded keep the name the test had when taken."
        required
        maxLength={150}
        {...form.bind('form')}
      />
      <div className="form-grid">
        <LookupSelectField
          label="Form group"
          required
          lookup={formGroups}
          choose="a form group"
          {...form.bind('form_group_id')}
        />
        <ExerciseTypeField required {...form.bind('exercise_type_id')} />
        <MuscleGroupField
          hint="Optional"
          none="None"
          optionLabel={(m) => `${m.name} (${m.short_handle})`}
          {...form.bind('muscle_group_id')}
        />
        <RepsOrTimeField required {...form.bind('reps_or_time')} />
        <NumberField
          label="Max"
          hint="The amount that reaches the top of the ladder"
          required
          min={1}
          step={1}
          {...form.bind('max')}
        />
        <NumberField
          label="Total weight (kg)"
          hint="Added load; 0 for bodyweight"
          required
          min={0}
          step={0.01}
          {...form.bind('total_weight')}
        />
      </div>
      <FormActions submit="Save" busy={save.isPending} cancelHref={CALIBRATION_LIST} />
    </SaveForm>
  );
}
