import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { MAX_INGREDIENTS, TOAST_MS } from '@evolution/shared/constants';
import {
  MEAL_LIMITS,
  MEAL_MESSAGE,
  adminMealCreateInput,
  ingredientRowErrors,
  type AdminMeal,
  type AdminMealBody,
  type MealGroupNode,
  type MediaRef,
} from '@evolution/shared';
import { apiErrorNotice, fieldErrors, readFailure } from '../../../api/errors.ts';
import { trpc } from '../../../api/trpc.ts';
import { MediaUploadField } from '../../../components/admin/MediaUploadField.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/Field.tsx';
import { notify, toast } from '../../../components/ui/notifier.ts';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { schemaErrors, useForm } from '../../../forms/useForm.ts';
import { useRows } from '../../../forms/useRows.ts';
import type { PageProps } from '../../../router/routeTypes.ts';
import { useQueryParams } from '../../../router/useQueryParams.ts';
import { AdminScreen } from '../common/AdminScreen.tsx';
import { FormActions } from '../common/FormActions.tsx';
import { elixirPhaseMemberPath, groupOptions, mealListHref } from './mealAdmin.ts';
import './meals.css';

const FIELDS = [
  'name',
  'meal_group_id',
  'description',
  'video_link',
  'kcal',
  'protein',
  'fat',
  'carbohydrate',
] as const;
type Field = (typeof FIELDS)[number];
type Cell = 'ingredient' | 'formula';

const BLANK_ROW: Record<Cell, string> = { ingredient: '', formula: '' };
const cellName = (index: number, cell: Cell) => `ingredients.${index}.${cell}`;
const NUTRITION: readonly { field: Field; label: string }[] = [
  { field: 'kcal', label: 'Energy (kcal)' },
  { field: 'protein', label: 'Protein (g)' },
  { field: 'fat', label: 'Fat (g)' },
  { field: 'carbohydrate', label: 'Carbohydrate (g)' },
];

const text = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));

function initialFields(meal: AdminMeal | undefined, groupId: number | null): Record<Field, string> {
  return {
    name: meal?.name ?? '',
    meal_group_id: text(meal?.meal_group_id ?? groupId),
    description: meal?.description ?? '',
    video_link: meal?.video_link ?? '',
    kcal: text(meal?.kcal),
    protein: text(meal?.protein),
    fat: text(meal?.fat),
    carbohydrate: text(meal?.carbohydrate),
  };
}

/** The plain fields' rules: the server's own parser, read field by field. */
const validateFields = (values: Record<Field, string>) =>
  schemaErrors(adminMealCreateInput, { ...values, ingredients: [{ ingredient: 'x', formula: 1 }] }, FIELDS);

/**
 * /admin/meal/add?meal_group={id} and /admin/meal/{id}/edit: a meal's fields, its image and video (uploaded first,
 * then saved by id), up to 12 ingredient rows, and optional nutrition per serving. Blank rows are named in a
 * notification before sending; a refused save shows the server's messages in a warning toast for 10 s.
 */
export default function MealEditPage({ params }: PageProps) {
  const id = params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  const editing = params.id !== undefined;
  const requestedGroup = useQueryParams().get('meal_group');
  const groupId = requestedGroup && /^\d{1,9}$/.test(requestedGroup) ? Number(requestedGroup) : null;

  const tree = trpc.admin.meals.groups.useQuery(undefined, { staleTime: 5 * 60_000 });
  const meal = trpc.admin.meals.get.useQuery({ id: id ?? 0 }, { enabled: id !== null, staleTime: 0 });
  const title = editing ? 'Edit Meal' : 'Add Meal';
  const backGroup = meal.data?.data.meal_group_id ?? groupId;

  return (
    <AdminScreen title={title} back={{ href: mealListHref(backGroup), label: 'Meal Management' }} className="meal-edit">
      {editing && id === null && <p className="empty">Data could not be found.</p>}
      {id !== null && <QueryState query={meal} loading="Loading the meal" />}
      <QueryState query={tree} loading="Loading the meal groups" />
      {tree.data && (!editing || meal.data) && (
        <MealForm key={meal.data?.data.id ?? 'new'} meal={meal.data?.data} groupId={groupId} tree={tree.data.data} />
      )}
    </AdminScreen>
  );
}

function MealForm({
  meal,
  groupId,
  tree,
}: {
  meal: AdminMeal | undefined;
  groupId: number | null;
  tree: readonly MealGroupNode[];
}) {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const create = trpc.admin.meals.create.useMutation({ meta: { silentErrors: true } });
  const update = trpc.admin.meals.update.useMutation({ meta: { silentErrors: true } });
  const saving = create.isPending || update.isPending;

  const form = useForm(initialFields(meal, groupId), validateFields, FIELDS);
  const rows = useRows<Cell>(
    meal ? meal.ingredients.map((i) => ({ ingredient: i.ingredient, formula: String(i.formula) })) : [BLANK_ROW],
    {
      blank: BLANK_ROW,
      max: MAX_INGREDIENTS,
      validate: ingredientRowErrors,
      name: cellName,
    },
  );
  const [image, setImage] = useState<MediaRef | null>(
    meal?.image_id ? { id: meal.image_id, path: meal.image_path } : null,
  );
  const [video, setVideo] = useState<MediaRef | null>(
    meal?.video_id ? { id: meal.video_id, path: meal.video_path } : null,
  );
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const noRows = rows.rows.length === 0;
  const rowsMessage =
    serverErrors.ingredients ?? (noRows && form.submitted ? MEAL_MESSAGE.ingredientsRequired : undefined);

  const body = (): AdminMealBody => ({
    name: form.values.name,
    meal_group_id: Number(form.values.meal_group_id),
    description: form.values.description,
    video_link: form.values.video_link || null,
    image_id: image?.id ?? null,
    video_id: video?.id ?? null,
    ingredients: rows.values.map((r) => ({ ingredient: r.ingredient, formula: r.formula })),
    kcal: form.values.kcal || null,
    protein: form.values.protein || null,
    fat: form.values.fat || null,
    carbohydrate: form.values.carbohydrate || null,
  });

  const saved = (data: AdminMeal) => {
    toast.success(meal ? MEAL_MESSAGE.updated : MEAL_MESSAGE.created, TOAST_MS.apiError);
    void utils.admin.meals.list.invalidate();
    utils.admin.meals.get.setData({ id: data.id }, { data });
    navigate(mealListHref(data.meal_group_id));
  };

  const refused = (error: unknown) => {
    const failure = readFailure(error);
    if (failure.status !== 422 || !failure.errors) {
      const notice = apiErrorNotice(error);
      if (notice) notify(notice);
      return;
    }
    // docs/spec/admin.md §8, "Meal save failure": the messages joined by line breaks, a warning for 10 s.
    const lines = Object.values(failure.errors)
      .flat()
      .filter((m) => typeof m === 'string');
    notify({ message: lines.join('\n'), variant: 'warning', duration: TOAST_MS.long });
    const byField = fieldErrors(error);
    form.setServerErrors(Object.fromEntries(FIELDS.filter((f) => byField[f]).map((f) => [f, byField[f]])));
    rows.setServerErrors(byField);
    setServerErrors(byField);
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    const formEl = e.currentTarget;
    const fieldsOk = form.attempt(e);
    const rowsOk = rows.attempt();
    if (!rowsOk || noRows) {
      // The spec's notifications for blank rows, all at once, as the save failure shows the server's.
      notify({
        message: (noRows ? [MEAL_MESSAGE.ingredientsRequired] : rows.messages).join('\n'),
        variant: 'warning',
        duration: TOAST_MS.long,
      });
      const first = rows.firstInvalid();
      if (fieldsOk && first) formEl.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    }
    if (!fieldsOk || !rowsOk || noRows || saving) return;
    setServerErrors({});
    if (meal) update.mutate({ id: meal.id, ...body() }, { onSuccess: (r) => saved(r.data), onError: refused });
    else create.mutate(body(), { onSuccess: (r) => saved(r.data), onError: refused });
  };

  const options = groupOptions(tree);
  const phase = meal?.elixir_phase ?? null;

  return (
    <form className="meal-edit__form" noValidate aria-busy={saving || undefined} onSubmit={submit}>
      {phase !== null && (
        <div className="notice">
          <p>
            This meal is phase {phase} of the Saturni Elixir: members see it at {elixirPhaseMemberPath(phase)}. It stays
            in Elixirs.
          </p>
        </div>
      )}

      <fieldset className="panel form-section">
        <legend className="form-section__title">Meal</legend>
        <div className="form-grid">
          <TextField label="Name" required maxLength={MEAL_LIMITS.name} autoComplete="off" {...form.bind('name')} />
          <SelectField label="Meal group" required {...form.bind('meal_group_id')}>
            <option value="">Choose a meal group</option>
            {options.map((o) =>
              o.label === null ? (
                o.groups.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))
              ) : (
                <optgroup key={o.label} label={o.label}>
                  {o.groups.map((g) => (
                    <option key={g.id} value={g.id}>
                      {g.name}
                    </option>
                  ))}
                </optgroup>
              ),
            )}
          </SelectField>
        </div>
        <TextAreaField
          label="Description"
          required
          rows={8}
          hint='Paragraphs separated by a blank line; lines starting with "- " are bullets and "1. " numbered steps.'
          {...form.bind('description')}
        />
        <TextField
          label="Video link"
          type="url"
          inputMode="url"
          placeholder="https://"
          hint="Optional: an external video address."
          {...form.bind('video_link')}
        />
      </fieldset>

      <fieldset className="panel form-section">
        <legend className="form-section__title">Image and video</legend>
        <div className="form-grid">
          <MediaUploadField
            kind="meal_image"
            label="Image"
            value={image}
            onChange={setImage}
            error={serverErrors.image_id}
          />
          <MediaUploadField
            kind="meal_video"
            label="Video"
            value={video}
            onChange={setVideo}
            error={serverErrors.video_id}
          />
        </div>
      </fieldset>

      <fieldset className="panel form-section" aria-describedby="ingredients-hint">
        <legend className="form-section__title">Ingredients</legend>
        <p id="ingredients-hint" className="field__hint">
          The amount of each per serving, with its unit in the name, e.g. &ldquo;Rolled oats (g)&rdquo;. Up to{' '}
          {MAX_INGREDIENTS} ingredients.
        </p>
        {rows.rows.length > 0 && (
          <ol className="stack-list meal-edit__rows">
            {rows.rows.map((row, i) => (
              <li key={row.key} className="meal-edit__row">
                <TextField
                  label={`Ingredient ${i + 1}`}
                  autoComplete="off"
                  maxLength={MEAL_LIMITS.ingredient}
                  className="meal-edit__ingredient"
                  {...rows.bind(i, 'ingredient')}
                />
                <TextField
                  label={`Quantity ${i + 1}`}
                  inputMode="decimal"
                  autoComplete="off"
                  className="meal-edit__quantity"
                  {...rows.bind(i, 'formula')}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  className="meal-edit__remove"
                  aria-label={`Remove ingredient ${i + 1}`}
                  onClick={() => rows.remove(i)}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ol>
        )}
        {rowsMessage && (
          <p className="field__error" role="alert">
            {rowsMessage}
          </p>
        )}
        <div className="meal-edit__add">
          <Button variant="secondary" onClick={rows.add} disabled={!rows.canAdd} aria-describedby="ingredient-count">
            ADD INGREDIENT
          </Button>
          <span id="ingredient-count" className="muted">
            {rows.rows.length} of {MAX_INGREDIENTS}
          </span>
        </div>
      </fieldset>

      <fieldset className="panel form-section">
        <legend className="form-section__title">Nutrition per serving</legend>
        <p className="field__hint">Optional: all four figures, or none. Members see them scaled to their servings.</p>
        <div className="form-grid meal-edit__nutrition">
          {NUTRITION.map((n) => (
            <TextField key={n.field} label={n.label} inputMode="decimal" autoComplete="off" {...form.bind(n.field)} />
          ))}
        </div>
      </fieldset>

      <FormActions submit="SAVE" busy={saving} cancelHref={mealListHref(meal?.meal_group_id ?? groupId)} />
    </form>
  );
}
