import { useState } from 'react';
import { useLocation } from 'wouter';
import { FIELD_MESSAGE, vo2LevelUpdateInput, type Vo2LevelRow } from '@evolution/shared';
import { trpc } from '../../../api/trpc.ts';
import { CheckboxField, NumberField, TextField } from '../../../components/ui/Field.tsx';
import { SaveForm } from '../../../components/ui/SaveForm.tsx';
import { toast } from '../../../components/ui/notifier.ts';
import { schemaErrors, useForm, type FormState } from '../../../forms/useForm.ts';
import type { PageProps } from '../../../router/routeTypes.ts';
import { EditScreen } from '../common/EditScreen.tsx';
import { FormActions } from '../common/FormActions.tsx';
import { VO2_LIST, describeRange } from '../calibrations/catalogue.ts';
import '../common/catalogue.css';
import { describeMoves, neighbourMoves, neighbours } from './vo2Moves.ts';

const FIELDS = ['level_name', 'level', 'min', 'max'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const toValues = (l: Vo2LevelRow): Values => ({
  level_name: l.level_name,
  level: String(l.level),
  min: l.min === null ? '' : String(l.min),
  max: l.max === null ? '' : String(l.max),
});
const validateVo2Level = (values: Values) => schemaErrors(vo2LevelUpdateInput, values, FIELDS);

/** /admin/vo2_max/{id}/edit: name, rank and range of a level; the ranges must keep tiling the scale. */
export default function Vo2EditPage({ params }: PageProps) {
  const id = Number(params.id);
  const level = trpc.admin.vo2max.get.useQuery({ id }, { staleTime: 0 });
  // The whole scale (a handful of levels), to show the neighbours this range adjoins.
  const scale = trpc.admin.vo2max.list.useQuery({ page: 1 }, { staleTime: 0 });
  return (
    <EditScreen
      title="Edit VO2 Max Level"
      back={{ href: VO2_LIST, label: 'VO2 Max Management' }}
      query={level}
      loading="Loading the level"
    >
      {(row) => <Vo2Form key={row.id} level={row} levels={scale.data?.data ?? []} />}
    </EditScreen>
  );
}

/** One end of a level's range: a score, or (`open`, saying why) disabled and empty at an end of the scale. */
function BoundField({
  label,
  open,
  bind,
}: {
  label: string;
  open: string | false;
  bind: ReturnType<FormState<Field>['bind']>;
}) {
  return open ? (
    <TextField label={label} hint={open} disabled value="" name={bind.name} />
  ) : (
    <NumberField label={label} required step={0.1} min={0} {...bind} />
  );
}

function Vo2Form({ level, levels }: { level: Vo2LevelRow; levels: readonly Vo2LevelRow[] }) {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const save = trpc.admin.vo2max.update.useMutation();
  // The lowest level keeps an open min and the highest an open max, so every score has a level; other bounds are required.
  const openMin = level.min === null;
  const openMax = level.max === null;
  const form = useForm(
    toValues(level),
    (v) => ({
      ...validateVo2Level(v),
      ...(!openMin && !v.min.trim() ? { min: FIELD_MESSAGE.enter('min') } : {}),
      ...(!openMax && !v.max.trim() ? { max: FIELD_MESSAGE.enter('max') } : {}),
    }),
    FIELDS,
  );
  // Ticked: the levels tile the scale, so a new shared bound is refused unless the neighbour moves with it; what
  // would move is shown before saving.
  const [moveNeighbours, setMoveNeighbours] = useState(true);
  const { below, above } = neighbours(level, levels);
  const moves = neighbourMoves(level, levels, form.values);

  return (
    <SaveForm
      form={form}
      save={save}
      input={(values) => ({
        id: level.id,
        level_name: values.level_name,
        level: values.level,
        min: openMin ? null : values.min,
        max: openMax ? null : values.max,
        move_neighbours: moveNeighbours,
      })}
      onSaved={({ data }) => {
        void utils.admin.vo2max.invalidate();
        toast.success(`VO2 max level ${data.level_name} saved: ${describeRange(data.min, data.max)}.`);
        navigate(VO2_LIST);
      }}
    >
      <div className="form-grid">
        <TextField label="Level name" required maxLength={100} {...form.bind('level_name')} />
        <NumberField label="Level" hint="Rank from 1 (lowest)" min={1} max={99} step={1} {...form.bind('level')} />
      </div>
      <div className="catalogue-pair">
        <BoundField
          label="Min (ml/kg/min)"
          open={openMin && 'Open end: the lowest level holds every score up to its max'}
          bind={form.bind('min')}
        />
        <BoundField
          label="Max (ml/kg/min)"
          open={openMax && 'Open end: the highest level holds every score from its min'}
          bind={form.bind('max')}
        />
      </div>
      {(below || above) && (
        <p className="catalogue-neighbours muted">
          {below && (
            <>
              Below: {below.level_name} ({describeRange(below.min, below.max)}).{' '}
            </>
          )}
          {above && (
            <>
              Above: {above.level_name} ({describeRange(above.min, above.max)}).
            </>
          )}
        </p>
      )}
      <CheckboxField
        label="Move the neighbouring levels' bounds with this range"
        checked={moveNeighbours}
        onChange={(e) => setMoveNeighbours(e.target.checked)}
      />
      {(below || above) && (
        <p className="catalogue-moves" role="status">
          {moveNeighbours
            ? describeMoves(moves)
            : 'No other level moves: the range must meet its neighbours as they are.'}
        </p>
      )}
      <p className="field__hint">
        Without it, the range must start 0.1 above the level below ends and end 0.1 below the level above starts.
        Recorded tests and chambers are relabelled in the new ranges.
      </p>
      <FormActions submit="Save" busy={save.isPending} cancelHref={VO2_LIST} />
    </SaveForm>
  );
}
