import { trpc } from '../../../api/trpc.ts';
import { SelectField, type SelectFieldProps } from '../../../components/ui/Field.tsx';

interface LookupRow {
  id: number;
  name: string;
}

type LookupSelectFieldProps<Row extends LookupRow> = Omit<SelectFieldProps, 'children'> & {
  lookup: { isPending: boolean; data?: { data: readonly Row[] } | undefined };
  /** What the empty choice asks for ("a muscle group") once the lookup has loaded. */
  choose?: string;
  /** The empty choice's text when it is a valid answer (an optional field). */
  none?: string;
  optionLabel?: (row: Row) => string;
};

/** A select over one of the catalogue's lookups (form groups, exercise types, muscle groups, classes), by id. */
export function LookupSelectField<Row extends LookupRow>({
  lookup,
  choose,
  none,
  optionLabel = (row) => row.name,
  ...select
}: LookupSelectFieldProps<Row>) {
  return (
    <SelectField {...select}>
      <option value="">{none ?? (lookup.isPending ? 'Loading…' : `Choose ${choose}`)}</option>
      {lookup.data?.data.map((row) => (
        <option key={row.id} value={row.id}>
          {optionLabel(row)}
        </option>
      ))}
    </SelectField>
  );
}

// The lookups change only when the catalogue does: an edit screen reuses them for five minutes.
const LOOKUP_OPTIONS = { staleTime: 5 * 60_000 };

type MuscleGroup = { id: number; name: string; short_handle: string };

/** The muscle group select, loading the muscle groups itself. */
export function MuscleGroupField({
  label = 'Muscle group',
  ...props
}: Omit<LookupSelectFieldProps<MuscleGroup>, 'lookup' | 'label' | 'choose'> & { label?: string }) {
  const muscleGroups = trpc.admin.calibrations.muscleGroups.useQuery(undefined, LOOKUP_OPTIONS);
  return <LookupSelectField label={label} lookup={muscleGroups} choose="a muscle group" {...props} />;
}

/** The exercise type select, loading the exercise types itself. */
export function ExerciseTypeField(props: Omit<LookupSelectFieldProps<LookupRow>, 'lookup' | 'label' | 'choose'>) {
  const exerciseTypes = trpc.admin.calibrations.exerciseTypes.useQuery(undefined, LOOKUP_OPTIONS);
  return <LookupSelectField label="Exercise type" lookup={exerciseTypes} choose="an exercise type" {...props} />;
}

/** Whether an exercise counts reps (1) or seconds (2). */
export function RepsOrTimeField(props: Omit<SelectFieldProps, 'label' | 'children'>) {
  return (
    <SelectField label="Reps or time" {...props}>
      <option value="1">Reps</option>
      <option value="2">Time (seconds)</option>
    </SelectField>
  );
}
