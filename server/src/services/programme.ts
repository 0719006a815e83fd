import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import {
  PHASE_TYPES,
  categoryPagesInput,
  formGroupIdInput,
  pageIdInput,
  type Exercise,
  type PageDto,
  type PhaseType,
  type TrackType,
  type VideoDto,
} from '@evolution/shared';
import { orderLadder } from '../domain/ladder.ts';
import { FormGroup, Page, PageCategory } from '../entities/index.ts';
import type { IPage } from '../entities/Page.ts';
import { prepared, type Database } from '../db/kysely.ts';
import { notFound } from '../errors.ts';
import { assertContentAccess } from './access.ts';
import type { SignedInContext } from './context.ts';
import { cachedContent } from './contentCache.ts';
import { mediaUrl, type MediaSigner } from './media.ts';
import { pageText } from './pageAnswers.ts';
import { findPaged, type Page as ResultPage } from './pagination.ts';

/** A phase page as the runner reads it (from the content cache: plain data, not an entity). */
interface PhasePage {
  id: number;
  title: string;
  content: string;
  videoLink: string | null;
  video: { id: number } | null;
  muscleGroup: { id: number } | null;
}

/** A phase of a track: its page, its number (1-based place in the version) and its merged preset. */
export interface TrackPhase {
  page: PhasePage;
  number: number;
  key: PhaseType;
  preset: Record<string, unknown>;
}

/** A form group as the runner reads it. */
interface GroupFacts {
  id: number;
  name: string;
  videoLink: string | null;
  video: { id: number } | null;
}

/** A form of a ladder as the rules read it. */
export interface FormFacts {
  id: number;
  name: string;
  level: number;
  progress: number;
  min: number;
  max: number;
  repsOrTime: number;
  formGroup: { id: number };
  muscleGroup: { id: number; name: string };
}

/** A calibration max test with its form group. */
interface CalibrationFacts {
  id: number;
  form: string;
  max: number;
  repsOrTime: number;
  totalWeight: number;
  formGroup: GroupFacts;
}

/** A form group's ladder, easiest form first, with the muscle groups its forms train. */
export interface Ladder {
  group: GroupFacts;
  forms: FormFacts[];
  muscles: string[];
}

/** An exercise of a phase with the row it stands for: a calibration test or the member's current form. */
export interface PhaseExercise {
  dto: Exercise;
  calibration: CalibrationFacts | null;
  form: FormFacts | null;
  ladder: Ladder | null;
}

/** The programme's content as every instance keeps it between admin edits (see contentCache.ts). */
export interface Programme {
  /** Null when the calibration track is not set up. */
  calibration: TrackPhase[] | null;
  /** Null when the general track is not set up. */
  versions: { version: number; name: string }[] | null;
  general: Map<number, TrackPhase[]>;
  ladders: Map<number, Ladder>;
  calibrations: CalibrationFacts[];
}

const isPhaseType = (key: string): key is PhaseType => (PHASE_TYPES as readonly string[]).includes(key);

/** The form group columns a ladder's and a calibration's rows carry. */
interface GroupColumns {
  form_group_id: number;
  group_name: string;
  group_video_link: string | null;
  group_video_id: number | null;
}
const groupOf = (r: GroupColumns): GroupFacts => ({
  id: r.form_group_id,
  name: r.group_name,
  videoLink: r.group_video_link ?? null,
  video: r.group_video_id ? { id: r.group_video_id } : null,
});

/** Reads the whole programme in four queries: the tracks' categories, their phase pages, the ladders, the calibrations. */
export async function loadProgramme(kysely: Kysely<Database>): Promise<Programme> {
  const [categories, forms, calibrations] = await Promise.all([
    kysely
      .selectFrom('page_categories as c')
      .select(['c.id', 'c.name', 'c.slug', 'c.version', 'c.parent_id'])
      .where((eb) =>
        eb.or([
          eb('c.slug', 'in', [sql.lit('calibration'), sql.lit('general')]),
          eb('c.parent_id', 'in', eb.selectFrom('page_categories').select('id').where('slug', '=', sql.lit('general'))),
        ]),
      )
      .execute(),
    kysely
      .selectFrom('forms as f')
      .innerJoin('form_groups as g', 'g.id', 'f.form_group_id')
      .innerJoin('muscle_groups as m', 'm.id', 'f.muscle_group_id')
      .select([
        'f.id',
        'f.name',
        'f.level',
        'f.progress',
        'f.min',
        'f.max',
        'f.reps_or_time',
        'f.form_group_id',
        'g.name as group_name',
        'g.video_link as group_video_link',
        'g.video_id as group_video_id',
        'm.id as muscle_id',
        'm.name as muscle_name',
      ])
      .orderBy('f.form_group_id')
      .execute(),
    kysely
      .selectFrom('calibrations as c')
      .innerJoin('form_groups as g', 'g.id', 'c.form_group_id')
      .select((eb) => [
        'c.id',
        'c.form',
        'c.max',
        'c.reps_or_time',
        eb.cast<number>('c.total_weight', 'float8').as('total_weight'),
        'c.form_group_id',
        'g.name as group_name',
        'g.video_link as group_video_link',
        'g.video_id as group_video_id',
      ])
      .orderBy('c.form_group_id')
      .orderBy('c.id')
      .execute(),
  ]);
  const calibrationCategory = categories.find((c) => c.slug === 'calibration');
  const generalCategory = categories.find((c) => c.slug === 'general');
  const versionCategories = generalCategory
    ? categories
        .flatMap((c) =>
          c.parent_id === generalCategory.id && c.version !== null ? [{ ...c, version: c.version }] : [],
        )
        .sort((a, b) => a.version - b.version)
    : [];
  const trackIds = [calibrationCategory?.id, ...versionCategories.map((c) => c.id)].filter((id) => id !== undefined);
  const pages = trackIds.length
    ? await kysely
        .selectFrom('pages as p')
        .innerJoin('phase_classes as k', 'k.id', 'p.phase_class_id')
        .select([
          'p.id',
          'p.title',
          'p.content',
          'p.category_id',
          'p.muscle_group_id',
          'p.preset',
          'p.video_link',
          'p.video_id',
          'k.key',
          'k.preset as class_preset',
        ])
        .where('p.category_id', 'in', trackIds)
        .orderBy('p.position')
        .orderBy('p.id')
        .execute()
    : [];
  const phasesOf = (categoryId: number): TrackPhase[] =>
    pages
      .filter((p) => p.category_id === categoryId && isPhaseType(p.key))
      .map((p, i) => ({
        page: {
          id: p.id,
          title: p.title,
          content: p.content,
          videoLink: p.video_link ?? null,
          video: p.video_id ? { id: p.video_id } : null,
          muscleGroup: p.muscle_group_id ? { id: p.muscle_group_id } : null,
        },
        number: i + 1,
        key: p.key as PhaseType,
        preset: { ...p.class_preset, ...p.preset },
      }));

  const byGroup = new Map<number, typeof forms>();
  for (const f of forms) byGroup.set(f.form_group_id, [...(byGroup.get(f.form_group_id) ?? []), f]);
  const ladders = new Map<number, Ladder>();
  for (const [id, rows] of [...byGroup].sort((a, b) => a[0] - b[0])) {
    const ladderForms = rows.map((f): FormFacts => ({
      id: f.id,
      name: f.name,
      level: f.level,
      progress: f.progress,
      min: f.min,
      max: f.max,
      repsOrTime: f.reps_or_time,
      formGroup: { id },
      muscleGroup: { id: f.muscle_id, name: f.muscle_name },
    }));
    ladders.set(id, {
      group: groupOf(rows[0]!),
      forms: orderLadder(ladderForms),
      muscles: [...new Set(rows.map((f) => f.muscle_name))],
    });
  }
  return {
    calibration: calibrationCategory ? phasesOf(calibrationCategory.id) : null,
    versions: generalCategory ? versionCategories.map((c) => ({ version: c.version, name: c.name })) : null,
    general: new Map(versionCategories.map((c) => [c.version, phasesOf(c.id)])),
    ladders,
    calibrations: calibrations.map((c) => ({
      id: c.id,
      form: c.form,
      max: c.max,
      repsOrTime: c.reps_or_time,
      totalWeight: c.total_weight,
      formGroup: groupOf(c),
    })),
  };
}

/** The programme content, from this instance's cache (loaded again after any admin edit). */
const programme = (em: EntityManager) => cachedContent(em, 'programme', loadProgramme);

/** The versions of the general track, version 1 first. */
export async function generalVersions(em: EntityManager): Promise<{ version: number; name: string }[]> {
  const { versions } = await programme(em);
  if (!versions) throw notFound('The general track is not set up.');
  return versions;
}

/** The ordered phases of the calibration track, or of one version of the general track (404 for no such version). */
export async function trackPhases(em: EntityManager, type: TrackType, version: number): Promise<TrackPhase[]> {
  const content = await programme(em);
  if (type === 'calibration') {
    if (!content.calibration) throw notFound('The calibration track is not set up.');
    return content.calibration;
  }
  if (!content.versions) throw notFound('The general track is not set up.');
  const phases = content.general.get(version);
  if (!phases) throw notFound('Version not found.');
  return phases;
}

/** Ladders of the given form groups (all when omitted), keyed by form group id; groups without forms are left out. */
export async function loadLadders(em: EntityManager, formGroupIds?: number[]): Promise<Map<number, Ladder>> {
  const { ladders } = await programme(em);
  if (!formGroupIds) return ladders;
  return new Map([...ladders].filter(([id]) => formGroupIds.includes(id)));
}

const memberFormsQuery = (kysely: Kysely<Database>, userId: number) =>
  kysely.selectFrom('member_forms').select(['form_group_id', 'form_id']).where('user_id', '=', userId);
const readMemberForms = prepared(memberFormsQuery);

/** The member's current form on each ladder (form group id -> form id), in the caller's transaction when in one. */
export async function memberForms(em: EntityManager, userId: number): Promise<Map<number, number>> {
  const rows = await readMemberForms(em, userId);
  return new Map(rows.map((r) => [r.form_group_id, r.form_id]));
}

/** The member's place on each ladder: index of the current form, the first form when not calibrated on it. */
export async function memberStandings(
  em: EntityManager,
  userId: number,
  ladders: Map<number, Ladder>,
  known?: Map<number, number>,
): Promise<Map<number, number>> {
  const current = known ?? (await memberForms(em, userId));
  const standings = new Map<number, number>();
  for (const [groupId, ladder] of ladders)
    standings.set(
      groupId,
      Math.max(
        0,
        ladder.forms.findIndex((f) => f.id === current.get(groupId)),
      ),
    );
  return standings;
}

/** The form groups an exercise phase trains: preset.form_groups in order, else those training the page's muscle group, else all. */
function phaseFormGroupIds(phase: TrackPhase, ladders: Map<number, Ladder>): number[] {
  const listed = phase.preset.form_groups;
  if (Array.isArray(listed)) return listed.filter((id): id is number => Number.isInteger(id) && ladders.has(id));
  const muscle = phase.page.muscleGroup;
  return [...ladders.values()]
    .filter((l) => !muscle || l.forms.some((f) => f.muscleGroup.id === muscle.id))
    .map((l) => l.group.id);
}

/**
 * The exercises of a phase for a member: calibrations for the calibration max tests, current forms for training.
 * `forms` (form group id -> current form id) saves reading the member's ladders when the caller has them.
 */
export async function phaseExercises(
  em: EntityManager,
  userId: number,
  phase: TrackPhase,
  signer?: MediaSigner,
  forms?: Map<number, number>,
): Promise<PhaseExercise[]> {
  // Uploaded demonstration videos get a signed address when the answer goes to a member (no signer: not needed).
  const videoPath = (group: GroupFacts) => (signer ? mediaUrl(signer, group.video) : null);
  if (phase.key === 'exercise') {
    const { calibrations, ladders } = await programme(em);
    return calibrations
      .filter((c) => ladders.has(c.formGroup.id))
      .map((c) => ({
        calibration: c,
        form: null,
        ladder: ladders.get(c.formGroup.id)!,
        dto: {
          id: c.id,
          name: c.formGroup.name,
          form: c.form,
          form_group_id: c.formGroup.id,
          video_link: c.formGroup.videoLink,
          video_path: videoPath(c.formGroup),
          reps_or_time: c.repsOrTime as 1 | 2,
          total_weight: c.totalWeight,
          min: 0,
          max: c.max,
        },
      }));
  }
  if (phase.key !== 'exercises' && phase.key !== 'challenge') return [];
  const { ladders, calibrations } = await programme(em);
  const ids = phaseFormGroupIds(phase, ladders);
  const standings = await memberStandings(em, userId, ladders, forms);
  const load = new Map<number, number>();
  // A group's load is its calibration's (the last, should a group have several).
  for (const c of calibrations) if (ids.includes(c.formGroup.id)) load.set(c.formGroup.id, c.totalWeight);
  return ids.map((id) => {
    const ladder = ladders.get(id)!;
    const form = ladder.forms[standings.get(id) ?? 0]!;
    return {
      calibration: null,
      form,
      ladder,
      dto: {
        id: form.id,
        name: ladder.group.name,
        form: form.name,
        form_group_id: id,
        video_link: ladder.group.videoLink,
        video_path: videoPath(ladder.group),
        reps_or_time: form.repsOrTime as 1 | 2,
        total_weight: load.get(id) ?? 0,
        min: form.min,
        max: form.max,
      },
    };
  });
}

/** A page as members read it; its uploaded picture and video get signed addresses when a signer is given. */
function pageDto(page: IPage, signer?: MediaSigner): PageDto {
  const key = page.phaseClass?.key;
  return {
    ...pageText(page),
    muscle_group_id: page.muscleGroup?.id ?? null,
    type: key && isPhaseType(key) ? key : null,
    video_link: page.videoLink ?? null,
    video_id: page.video?.id ?? null,
    video_path: signer ? mediaUrl(signer, page.video) : null,
    image_id: page.image?.id ?? null,
    image_path: signer ? mediaUrl(signer, page.image) : null,
    updated_at: page.updatedAt.toISOString(),
  };
}

/** One content page (introduction, technique guide, phase), or 404. */
export async function getPage(ctx: SignedInContext, { id }: z.output<typeof pageIdInput>): Promise<PageDto> {
  await assertContentAccess(ctx.em, ctx.actor.me, id, ctx.actor.membership);
  const page = await ctx.em.findOne(Page, { id }, { populate: ['phaseClass'] });
  if (!page) throw notFound('Page not found.');
  return pageDto(page, ctx.config);
}

/** The pages of a category in their order, paged (technique guides are category 4); 404 for no such category. */
export async function listCategoryPages(
  ctx: SignedInContext,
  { categoryId, page }: z.output<typeof categoryPagesInput>,
): Promise<ResultPage<PageDto>> {
  const { em } = ctx;
  await assertContentAccess(em, ctx.actor.me, undefined, ctx.actor.membership);
  if (!(await em.count(PageCategory, { id: categoryId }))) throw notFound('Page category not found.');
  const found = await findPaged(em, Page, { category: categoryId }, page, {
    populate: ['phaseClass'],
    orderBy: { position: 'asc', id: 'asc' },
  });
  return { ...found, items: found.items.map((p) => pageDto(p, ctx.config)) };
}

function videoOf(
  owner: { video?: { id: number } | null; videoLink?: string | null },
  missing: string,
  signer?: MediaSigner,
): VideoDto['data'] {
  const video = {
    video_id: owner.video?.id ?? null,
    video_link: owner.videoLink ?? null,
    video_path: signer ? mediaUrl(signer, owner.video) : null,
  };
  if (video.video_id === null && video.video_link === null) throw notFound(missing);
  return video;
}

/** The video of a page: the uploaded video's id and/or the video host link; 404 when it has none. */
export async function pageVideo(ctx: SignedInContext, { id }: z.output<typeof pageIdInput>): Promise<VideoDto['data']> {
  await assertContentAccess(ctx.em, ctx.actor.me, id, ctx.actor.membership);
  const page = await ctx.em.findOne(Page, { id });
  if (!page) throw notFound('Page not found.');
  return videoOf(page, 'This page has no video.', ctx.config);
}

/** The demonstration video of a form group; 404 when it has none. */
export async function formGroupVideo(
  ctx: SignedInContext,
  { formGroupId }: z.output<typeof formGroupIdInput>,
): Promise<VideoDto['data']> {
  await assertContentAccess(ctx.em, ctx.actor.me, undefined, ctx.actor.membership);
  const group = await ctx.em.findOne(FormGroup, { id: formGroupId });
  if (!group) throw notFound('Form group not found.');
  return videoOf(group, 'This form group has no video.', ctx.config);
}
