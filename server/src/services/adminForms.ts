import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import {
  FIELD_MESSAGE,
  FORM_LADDER_MESSAGE,
  adminFormBodyInput,
  adminFormCreateInput,
  adminFormGroupIdInput,
  adminFormGroupInput,
  adminFormGroupListInput,
  adminFormIdInput,
  adminFormListInput,
  type AdminForm,
  type AdminFormDeleted,
  type AdminFormGroup,
} from '@evolution/shared';
import { sql } from 'kysely';
import { db, now } from '../db/kysely.ts';
import { replacementForm, rungClash, rungNumbers } from '../domain/ladderEdits.ts';
import { ExerciseType, Form, FormGroup, MemberForm, MuscleGroup } from '../entities/index.ts';
import type { IForm } from '../entities/Form.ts';
import type { IFormGroup } from '../entities/FormGroup.ts';
import { DomainError, notFound, validationError } from '../errors.ts';
import { editingContent } from './contentCache.ts';
import type { ServiceContext, SignedInContext } from './context.ts';
import { attachableMedia, mediaUrl } from './media.ts';
import { escapeLike, findPaged, pageWindow, type Page } from './pagination.ts';

// The exercise ladders admins edit: form groups and their forms (docs/spec/admin.md §§3, 5 and 7). Rules kept here:
// a group is deletable only while nothing refers to its forms; a ladder's (level, progress) pairs are unique; deleting
// a form moves the members standing on it to the nearest remaining form, so every member stays on a valid form.

type GroupId = z.output<typeof adminFormGroupIdInput>;
type FormId = z.output<typeof adminFormIdInput>;
type GroupFields = z.output<typeof adminFormGroupInput>;

interface GroupUsage {
  formsCount: number;
  inUse: boolean;
}

/**
 * How many forms each group has and whether anything refers to it: a member's ladder, a workout or calibration
 * result, or a calibration. One query for a page of groups.
 */
async function groupUsage(em: EntityManager, ids: number[]): Promise<Map<number, GroupUsage>> {
  if (!ids.length) return new Map();
  // Each asks for the first row in index order, one probe per group (or per form of it): with a bare limit 1 the
  // planner would rather read every member's ladder or every logged set, hoping to meet one early (1.2 s at 500,000
  // members for a group nobody uses).
  const one = sql.lit(1);
  const rows = await db(em)
    .selectFrom('form_groups as g')
    .select((eb) => [
      'g.id',
      eb
        .selectFrom('forms as f')
        .select((inner) => inner.fn.countAll().as('count'))
        .whereRef('f.form_group_id', '=', 'g.id')
        .as('forms_count'),
      eb
        .fn<boolean>('coalesce', [
          eb
            .selectFrom('member_forms as mf')
            .select(sql.lit(true).as('used'))
            .whereRef('mf.form_group_id', '=', 'g.id')
            .orderBy('mf.id')
            .limit(one),
          eb
            .selectFrom('workout_results as w')
            .select(sql.lit(true).as('used'))
            .whereRef('w.form_group_id', '=', 'g.id')
            .orderBy('w.id')
            .limit(one),
          eb
            .selectFrom('calibrations as c')
            .select(sql.lit(true).as('used'))
            .whereRef('c.form_group_id', '=', 'g.id')
            .limit(one),
          eb
            .selectFrom('forms as f')
            .select(sql.lit(true).as('used'))
            .whereRef('f.form_group_id', '=', 'g.id')
            .where((inner) =>
              inner.fn<boolean>('coalesce', [
                inner
                  .selectFrom('member_forms as mf')
                  .select(sql.lit(true).as('used'))
                  .whereRef('mf.form_id', '=', 'f.id')
                  .orderBy('mf.id')
                  .limit(one),
                inner
                  .selectFrom('workout_results as w')
                  .select(sql.lit(true).as('used'))
                  .whereRef('w.form_id', '=', 'f.id')
                  .orderBy('w.id')
                  .limit(one),
              ]),
            )
            .limit(one),
          sql.lit(false),
        ])
        .as('in_use'),
    ])
    .where('g.id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { formsCount: Number(r.forms_count), inUse: r.in_use }]));
}

function formGroupDto(
  ctx: Pick<ServiceContext, 'em' | 'config'>,
  group: IFormGroup,
  usage: GroupUsage | undefined,
): AdminFormGroup {
  return {
    id: group.id,
    name: group.name,
    exercise_type_id: group.exerciseType.id,
    exercise_type_name: group.exerciseType.name,
    video_id: group.video?.id ?? null,
    video_path: mediaUrl(ctx.config, group.video),
    video_link: group.videoLink ?? null,
    forms_count: usage?.formsCount ?? 0,
    deletable: !(usage?.inUse ?? false),
  };
}

async function groupAnswer(ctx: Pick<ServiceContext, 'em' | 'config'>, group: IFormGroup): Promise<AdminFormGroup> {
  const usage = await groupUsage(ctx.em, [group.id]);
  return formGroupDto(ctx, group, usage.get(group.id));
}

async function findGroup(em: EntityManager, id: number): Promise<IFormGroup> {
  const group = await em.findOne(FormGroup, { id }, { populate: ['exerciseType'] });
  if (!group) throw notFound(FORM_LADDER_MESSAGE.groupNotFound);
  return group;
}

/** GET admin/form_group?page&search: form groups by id, searched by name, with `deletable` on each. */
export async function listFormGroups(
  ctx: SignedInContext,
  input: z.output<typeof adminFormGroupListInput>,
): Promise<Page<AdminFormGroup> & { search: string }> {
  const where = input.search ? { name: { $ilike: `%${escapeLike(input.search)}%` } } : {};
  const found = await findPaged(ctx.em, FormGroup, where, input.page, {
    populate: ['exerciseType'],
    orderBy: { id: 'asc' },
  });
  const usage = await groupUsage(
    ctx.em,
    found.items.map((g) => g.id),
  );
  return {
    ...found,
    items: found.items.map((g) => formGroupDto(ctx, g, usage.get(g.id))),
    search: input.search,
  };
}

/** GET admin/form_group/{id}: one form group; 404 when there is none. */
export async function getFormGroup(ctx: SignedInContext, { id }: GroupId): Promise<AdminFormGroup> {
  return groupAnswer(ctx, await findGroup(ctx.em, id));
}

/** The form group exists (a 404 otherwise): checked before an edit's fields are read, as Laravel binds paths. */
export async function formGroupExists(ctx: SignedInContext, { id }: GroupId): Promise<void> {
  await findGroup(ctx.em, id);
}

/** The validated fields of a form group, with its exercise type and video resolved (422 for unknown ids). */
async function formGroupFields(em: EntityManager, input: GroupFields) {
  const exerciseType = await em.findOne(ExerciseType, { id: input.exercise_type_id });
  if (!exerciseType) throw validationError('exercise_type_id', FIELD_MESSAGE.chooseListed('exercise type'));
  const video = await attachableMedia(em, input.video_id, ['form_group_video'], 'video_id');
  return { name: input.name, exerciseType, video, videoLink: input.video_link };
}

/** POST admin/form_group: a new, empty ladder. */
export async function createFormGroup(ctx: SignedInContext, input: GroupFields): Promise<AdminFormGroup> {
  return editingContent(ctx.em, async () => {
    const fields = await formGroupFields(ctx.em, input);
    const group = ctx.em.create(FormGroup, fields);
    await ctx.em.flush();
    return groupAnswer(ctx, group);
  });
}

/** PUT admin/form_group/{id}: replaces name, exercise type, video and link; 404 when there is no such group. */
export async function updateFormGroup(
  ctx: SignedInContext,
  { id, ...input }: GroupId & GroupFields,
): Promise<AdminFormGroup> {
  return editingContent(ctx.em, async () => {
    const group = await findGroup(ctx.em, id);
    Object.assign(group, await formGroupFields(ctx.em, input));
    await ctx.em.flush();
    return groupAnswer(ctx, group);
  });
}

/**
 * DELETE admin/form_group/{id}: removes the group and its forms, only while it is deletable; otherwise a 409 that
 * changes nothing. The group row is locked so no member is placed on it between the check and the delete.
 */
export async function deleteFormGroup(ctx: SignedInContext, { id }: GroupId): Promise<{ message: string }> {
  return editingContent(ctx.em, async () => {
    return ctx.em.transactional(async (tx) => {
      const group = await tx.findOne(FormGroup, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!group) throw notFound(FORM_LADDER_MESSAGE.groupNotFound);
      if ((await groupUsage(tx, [id])).get(id)?.inUse)
        throw new DomainError('CONFLICT', FORM_LADDER_MESSAGE.groupInUse);
      // Its forms go with it by the foreign key's cascade.
      await tx.nativeDelete(FormGroup, { id });
      return { message: 'Form group deleted.' };
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Forms

/** The forms of a group, easiest first, with how many members stand on each. */
async function ladderOf(em: EntityManager, groupId: number): Promise<{ forms: IForm[]; members: Map<number, number> }> {
  const forms = await em.find(Form, { formGroup: groupId }, { populate: ['muscleGroup', 'formGroup'] });
  const counts = forms.length
    ? await db(em)
        .selectFrom('member_forms')
        .select((eb) => ['form_id', eb.fn.countAll().as('members')])
        .where(
          'form_id',
          'in',
          forms.map((f) => f.id),
        )
        .groupBy('form_id')
        .execute()
    : [];
  return { forms, members: new Map(counts.map((c) => [c.form_id, Number(c.members)])) };
}

function formDto(form: IForm, rung: number, members: number): AdminForm {
  return {
    id: form.id,
    name: form.name,
    muscle_group_id: form.muscleGroup.id,
    muscle_group_name: form.muscleGroup.name,
    level: form.level,
    progress: form.progress,
    min: form.min,
    max: form.max,
    reps_or_time: form.repsOrTime === 2 ? 2 : 1,
    form_group_id: form.formGroup.id,
    form_group_name: form.formGroup.name,
    rung,
    members_count: members,
  };
}

async function formAnswer(em: EntityManager, formId: number, groupId: number): Promise<AdminForm> {
  const { forms, members } = await ladderOf(em, groupId);
  const form = forms.find((f) => f.id === formId);
  if (!form) throw notFound(FORM_LADDER_MESSAGE.formNotFound);
  return formDto(form, rungNumbers(forms).get(form.id)!, members.get(form.id) ?? 0);
}

/** GET admin/form_group/{id}/form?page: a group's ladder ordered by level then progress, paged; 404 for no such group. */
export async function listForms(
  ctx: SignedInContext,
  { id: groupId, page }: z.output<typeof adminFormListInput>,
): Promise<Page<AdminForm>> {
  await findGroup(ctx.em, groupId);
  const { forms, members } = await ladderOf(ctx.em, groupId);
  const rungs = rungNumbers(forms);
  const ordered = [...forms].sort((a, b) => rungs.get(a.id)! - rungs.get(b.id)!);
  const { limit, offset } = pageWindow(page);
  return {
    items: ordered.slice(offset, offset + limit).map((f) => formDto(f, rungs.get(f.id)!, members.get(f.id) ?? 0)),
    total: forms.length,
    page,
    perPage: limit,
  };
}

/** GET admin/form/{id}: one form with its place on the ladder; 404 when there is none. */
export async function getForm(ctx: SignedInContext, { id }: FormId): Promise<AdminForm> {
  const form = await ctx.em.findOne(Form, { id }, { fields: ['formGroup'] });
  if (!form) throw notFound(FORM_LADDER_MESSAGE.formNotFound);
  return formAnswer(ctx.em, id, form.formGroup.id);
}

/** The group of a form, or 404 for no such form. */
async function groupOfForm(em: EntityManager, id: number): Promise<number> {
  const existing = await em.findOne(Form, { id }, { fields: ['formGroup'] });
  if (!existing) throw notFound(FORM_LADDER_MESSAGE.formNotFound);
  return existing.formGroup.id;
}

/** The form exists (a 404 otherwise): checked before an edit's fields are read, as Laravel binds paths. */
export async function formExists(ctx: SignedInContext, { id }: FormId): Promise<void> {
  await groupOfForm(ctx.em, id);
}

/** Locks a group's row for a ladder edit, so two edits of one ladder cannot both take the same (level, progress). */
async function lockGroup(tx: EntityManager, id: number, missing: () => DomainError): Promise<IFormGroup> {
  const group = await tx.findOne(FormGroup, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!group) throw missing();
  return group;
}

/** The muscle group of a form, or a 422 on muscle_group_id. */
async function muscleGroupOf(em: EntityManager, id: number) {
  const muscleGroup = await em.findOne(MuscleGroup, { id });
  if (!muscleGroup) throw validationError('muscle_group_id', FIELD_MESSAGE.chooseListed('muscle group'));
  return muscleGroup;
}

/** 422 on progress when another form of the ladder already has this (level, progress). */
async function assertRungFree(tx: EntityManager, groupId: number, level: number, progress: number, exceptId?: number) {
  const ladder = await tx.find(Form, { formGroup: groupId }, { fields: ['id', 'level', 'progress'] });
  if (rungClash(ladder, level, progress, exceptId))
    throw validationError('progress', FORM_LADDER_MESSAGE.levelTaken(level, progress));
}

/** POST admin/form: a new form on a group's ladder; 422 for an unknown group or muscle group or a taken (level, progress). */
export async function createForm(
  ctx: SignedInContext,
  input: z.output<typeof adminFormCreateInput>,
): Promise<AdminForm> {
  return editingContent(ctx.em, async () => {
    const id = await ctx.em.transactional(async (tx) => {
      const group = await lockGroup(tx, input.form_group_id, () =>
        validationError('form_group_id', FIELD_MESSAGE.chooseListed('form group')),
      );
      const muscleGroup = await muscleGroupOf(tx, input.muscle_group_id);
      await assertRungFree(tx, group.id, input.level, input.progress);
      const form = tx.create(Form, { formGroup: group, ...formFields(input), muscleGroup });
      await tx.flush();
      return form.id;
    });
    return formAnswer(ctx.em, id, input.form_group_id);
  });
}

/** A form's own fields as the admin sends them (its group and muscle group are looked up). */
const formFields = (input: z.output<typeof adminFormBodyInput>) => ({
  name: input.name,
  level: input.level,
  progress: input.progress,
  min: input.min,
  max: input.max,
  repsOrTime: input.reps_or_time,
});

/**
 * PUT admin/form/{id}: replaces a form's fields. Members on it stay on it (a new level or progress moves it on the
 * ladder, and them with it); its group cannot change. 404 for no such form.
 */
export async function updateForm(
  ctx: SignedInContext,
  { id, ...input }: FormId & z.output<typeof adminFormBodyInput>,
): Promise<AdminForm> {
  return editingContent(ctx.em, async () => {
    const groupId = await groupOfForm(ctx.em, id);
    if (input.form_group_id !== undefined && input.form_group_id !== groupId)
      throw validationError('form_group_id', FORM_LADDER_MESSAGE.groupChanged);
    await ctx.em.transactional(async (tx) => {
      await lockGroup(tx, groupId, () => notFound(FORM_LADDER_MESSAGE.formNotFound));
      const form = await tx.findOne(Form, { id });
      if (!form) throw notFound(FORM_LADDER_MESSAGE.formNotFound);
      const muscleGroup = await muscleGroupOf(tx, input.muscle_group_id);
      await assertRungFree(tx, groupId, input.level, input.progress, id);
      Object.assign(form, { ...formFields(input), muscleGroup });
      await tx.flush();
    });
    return formAnswer(ctx.em.fork(), id, groupId);
  });
}

/**
 * DELETE admin/form/{id}: members standing on the form move to the nearest remaining form of its group (the one
 * below, else the one above); the last form of a group cannot be deleted while members stand on it (409). Workout
 * results keep the form's name, level, progress and par, so history reads as before (their form id goes).
 *
 * A crowded form at a business's size has 100,000 members and as many logged sets: both are changed BATCH_ROWS rows
 * at a time, each batch its own short transaction (the members' under the group's lock), and the form goes in a last
 * transaction that moves whoever was placed on it meanwhile. No member's rows stay locked for long.
 */
export async function deleteForm(ctx: SignedInContext, { id }: FormId): Promise<AdminFormDeleted> {
  return editingContent(ctx.em, async () => {
    const groupId = await groupOfForm(ctx.em, id);
    const limit = ctx.config.batchRows;
    let moved = 0;
    let movedTo: { id: number; name: string } | null = null;
    /** Under the group's lock: the form's replacement now (the ladder may change between batches), and up to `max` members moved to it. */
    const moveMembers = (max: number | null) =>
      ctx.em.transactional(async (tx) => {
        await lockGroup(tx, groupId, () => notFound(FORM_LADDER_MESSAGE.formNotFound));
        const ladder = await tx.find(Form, { formGroup: groupId }, { fields: ['id', 'name', 'level', 'progress'] });
        // Gone: another admin's delete of the same form finished first.
        if (!ladder.some((f) => f.id === id)) return { gone: true, batch: 0 };
        const target = replacementForm(ladder, id);
        if (!target) {
          if (await tx.count(MemberForm, { form: id }))
            throw new DomainError('CONFLICT', FORM_LADDER_MESSAGE.lastFormInUse);
          if (max === null) await tx.nativeDelete(Form, { id });
          return { gone: false, batch: 0 };
        }
        const rows = await db(tx)
          .updateTable('member_forms')
          .set({ form_id: target.id, updated_at: now() })
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('member_forms')
              .select('id')
              .where('form_id', '=', id)
              .$if(max !== null, (qb) => qb.limit(max!)),
          )
          .returning('id')
          .execute();
        if (rows.length) [moved, movedTo] = [moved + rows.length, { id: target.id, name: target.name }];
        // The last transaction: nobody stands on the form any more (the member_forms foreign key would drop their place).
        if (max === null) await tx.nativeDelete(Form, { id });
        return { gone: false, batch: rows.length };
      });

    for (let step = await moveMembers(limit); ; step = await moveMembers(limit)) {
      if (step.gone) {
        if (moved === 0) throw notFound(FORM_LADDER_MESSAGE.formNotFound);
        return { message: 'Form deleted.', members_moved: moved, moved_to: movedTo };
      }
      if (step.batch < limit) break;
    }
    // The logged sets let go of the form in batches too (the foreign key's own set-null would change them all at once).
    while (
      (
        await db(ctx.em)
          .updateTable('workout_results')
          .set({ form_id: null })
          .where('id', 'in', (eb) =>
            eb.selectFrom('workout_results').select('id').where('form_id', '=', id).limit(limit),
          )
          .returning('id')
          .execute()
      ).length === limit
    );
    await moveMembers(null);
    return { message: 'Form deleted.', members_moved: moved, moved_to: movedTo };
  });
}
