import type { EntityManager } from '@mikro-orm/postgresql';
import { PHASE_TYPES, type Exercise, type PageDto, type PhaseType, type TrackType, type VideoDto } from '@evolution/shared';
import { orderLadder } from '../domain/ladder.ts';
import { Calibration, Form, FormGroup, MemberForm, Page, PageCategory } from '../entities/index.ts';
import type { ICalibration } from '../entities/Calibration.ts';
import type { IForm } from '../entities/Form.ts';
import type { IFormGroup } from '../entities/FormGroup.ts';
import type { IPage } from '../entities/Page.ts';
import type { IPageCategory } from '../entities/PageCategory.ts';
import type { IUser } from '../entities/index.ts';
import { notFound } from '../errors.ts';
import { assertContentAccess } from './access.ts';
import { mediaUrl, type MediaSigner } from './media.ts';
import { pageWindow, type Page as ResultPage } from './pagination.ts';

/** A phase of a track: its page, its number (1-based place in the version) and its merged preset. */
export interface TrackPhase {
  page: IPage;
  number: number;
  key: PhaseType;
  preset: Record<string, unknown>;
}

/** A form group's ladder, easiest form first, with the muscle groups its forms train. */
export interface Ladder {
  group: IFormGroup;
  forms: IForm[];
  muscles: string[];
}

/** An exercise of a phase with the row it stands for: a calibration test or the member's current form. */
export interface PhaseExercise {
  dto: Exercise;
  calibration: ICalibration | null;
  form: IForm | null;
  ladder: Ladder | null;
}

const isPhaseType = (key: string): key is PhaseType => (PHASE_TYPES as readonly string[]).includes(key);

async function trackCategory(em: EntityManager, type: TrackType): Promise<IPageCategory> {
  const category = await em.findOne(PageCategory, { slug: type });
  if (!category) throw notFound(`The ${type} track is not set up.`);
  return category;
}

/** The version categories of the general track, version 1 first. */
export async function generalVersions(em: EntityManager): Promise<IPageCategory[]> {
  const general = await trackCategory(em, 'general');
  return em.find(PageCategory, { parentId: general.id, version: { $ne: null } }, { orderBy: { version: 'asc' } });
}

/** The ordered phases of the calibration track, or of one version of the general track (404 for no such version). */
export async function trackPhases(em: EntityManager, type: TrackType, version: number): Promise<TrackPhase[]> {
  const category = type === 'calibration'
    ? await trackCategory(em, type)
    : (await generalVersions(em)).find((c) => c.version === version);
  if (!category) throw notFound('Version not found.');
  const pages = await em.find(Page, { category: category.id, phaseClass: { $ne: null } }, { populate: ['phaseClass'], orderBy: { position: 'asc', id: 'asc' } });
  return pages
    .filter((page) => page.phaseClass && isPhaseType(page.phaseClass.key))
    .map((page, i) => ({
      page,
      number: i + 1,
      key: page.phaseClass!.key as PhaseType,
      preset: { ...page.phaseClass!.preset, ...page.preset },
    }));
}

/** Ladders of the given form groups (all when omitted), keyed by form group id; groups without forms are left out. */
export async function loadLadders(em: EntityManager, formGroupIds?: number[]): Promise<Map<number, Ladder>> {
  const forms = await em.find(Form, formGroupIds ? { formGroup: { $in: formGroupIds } } : {}, { populate: ['formGroup', 'muscleGroup'] });
  const byGroup = new Map<number, IForm[]>();
  for (const form of forms) byGroup.set(form.formGroup.id, [...(byGroup.get(form.formGroup.id) ?? []), form]);
  const ladders = new Map<number, Ladder>();
  for (const [id, groupForms] of [...byGroup].sort((a, b) => a[0] - b[0])) {
    ladders.set(id, {
      group: groupForms[0]!.formGroup,
      forms: orderLadder(groupForms),
      muscles: [...new Set(groupForms.map((f) => f.muscleGroup.name))],
    });
  }
  return ladders;
}

/** The member's place on each ladder: index of the current form, the first form when not calibrated on it. */
export async function memberStandings(em: EntityManager, userId: number, ladders: Map<number, Ladder>): Promise<Map<number, number>> {
  const rows = await em.find(MemberForm, { user: userId, formGroup: { $in: [...ladders.keys()] } });
  const current = new Map(rows.map((r) => [r.formGroup.id, r.form.id]));
  const standings = new Map<number, number>();
  for (const [groupId, ladder] of ladders) standings.set(groupId, Math.max(0, ladder.forms.findIndex((f) => f.id === current.get(groupId))));
  return standings;
}

/** The form groups an exercise phase trains: preset.form_groups in order, else those training the page's muscle group, else all. */
function phaseFormGroupIds(phase: TrackPhase, ladders: Map<number, Ladder>): number[] {
  const listed = phase.preset.form_groups;
  if (Array.isArray(listed)) return listed.filter((id): id is number => Number.isInteger(id) && ladders.has(id));
  const muscle = phase.page.muscleGroup;
  return [...ladders.values()].filter((l) => !muscle || l.forms.some((f) => f.muscleGroup.id === muscle.id)).map((l) => l.group.id);
}

/** The exercises of a phase for a member: calibrations for the calibration max tests, current forms for training. */
export async function phaseExercises(em: EntityManager, userId: number, phase: TrackPhase, signer?: MediaSigner): Promise<PhaseExercise[]> {
  // Uploaded demonstration videos get a signed address when the answer goes to a member (no signer: not needed).
  const videoPath = (group: IFormGroup) => (signer ? mediaUrl(signer, group.video) : null);
  if (phase.key === 'exercise') {
    const calibrations = await em.find(Calibration, {}, { populate: ['formGroup'], orderBy: { formGroup: { id: 'asc' }, id: 'asc' } });
    const ladders = await loadLadders(em, calibrations.map((c) => c.formGroup.id));
    return calibrations
      .filter((c) => ladders.has(c.formGroup.id))
      .map((c) => ({
        calibration: c,
        form: null,
        ladder: ladders.get(c.formGroup.id)!,
        dto: {
          id: c.id, name: c.formGroup.name, form: c.form, form_group_id: c.formGroup.id, video_link: c.formGroup.videoLink ?? null, video_path: videoPath(c.formGroup),
          reps_or_time: c.repsOrTime as 1 | 2, total_weight: c.totalWeight, min: 0, max: c.max,
        },
      }));
  }
  if (phase.key !== 'exercises' && phase.key !== 'challenge') return [];
  const ladders = await loadLadders(em);
  const ids = phaseFormGroupIds(phase, ladders);
  const [standings, calibrations] = await Promise.all([
    memberStandings(em, userId, ladders),
    em.find(Calibration, { formGroup: { $in: ids } }),
  ]);
  const load = new Map(calibrations.map((c) => [c.formGroup.id, c.totalWeight]));
  return ids.map((id) => {
    const ladder = ladders.get(id)!;
    const form = ladder.forms[standings.get(id) ?? 0]!;
    return {
      calibration: null,
      form,
      ladder,
      dto: {
        id: form.id, name: ladder.group.name, form: form.name, form_group_id: id, video_link: ladder.group.videoLink ?? null, video_path: videoPath(ladder.group),
        reps_or_time: form.repsOrTime as 1 | 2, total_weight: load.get(id) ?? 0, min: form.min, max: form.max,
      },
    };
  });
}

/** A page as members read it; its uploaded picture and video get signed addresses when a signer is given. */
export function pageDto(page: IPage, signer?: MediaSigner): PageDto {
  const key = page.phaseClass?.key;
  return {
    id: page.id,
    title: page.title,
    content: page.content,
    page_category_id: page.category.id,
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
export async function getPage(em: EntityManager, reader: IUser, id: number, signer?: MediaSigner): Promise<PageDto> {
  await assertContentAccess(em, reader, id);
  const page = await em.findOne(Page, { id }, { populate: ['phaseClass'] });
  if (!page) throw notFound('Page not found.');
  return pageDto(page, signer);
}

/** The pages of a category in their order, paged (technique guides are category 4); 404 for no such category. */
export async function listCategoryPages(em: EntityManager, reader: IUser, categoryId: number, page: number, signer?: MediaSigner): Promise<ResultPage<PageDto>> {
  await assertContentAccess(em, reader);
  if (!(await em.count(PageCategory, { id: categoryId }))) throw notFound('Page category not found.');
  const { limit, offset } = pageWindow(page);
  const [pages, total] = await em.findAndCount(Page, { category: categoryId }, { populate: ['phaseClass'], orderBy: { position: 'asc', id: 'asc' }, limit, offset });
  return { items: pages.map((p) => pageDto(p, signer)), total, page, perPage: limit };
}

function videoOf(owner: { video?: { id: number } | null; videoLink?: string | null }, missing: string, signer?: MediaSigner): VideoDto {
  const video = { video_id: owner.video?.id ?? null, video_link: owner.videoLink ?? null, video_path: signer ? mediaUrl(signer, owner.video) : null };
  if (video.video_id === null && video.video_link === null) throw notFound(missing);
  return { data: video };
}

/** The video of a page: the uploaded video's id and/or the video host link; 404 when it has none. */
export async function pageVideo(em: EntityManager, reader: IUser, id: number, signer?: MediaSigner): Promise<VideoDto> {
  await assertContentAccess(em, reader, id);
  const page = await em.findOne(Page, { id });
  if (!page) throw notFound('Page not found.');
  return videoOf(page, 'This page has no video.', signer);
}

/** The demonstration video of a form group; 404 when it has none. */
export async function formGroupVideo(em: EntityManager, reader: IUser, formGroupId: number, signer?: MediaSigner): Promise<VideoDto> {
  await assertContentAccess(em, reader);
  const group = await em.findOne(FormGroup, { id: formGroupId });
  if (!group) throw notFound('Form group not found.');
  return videoOf(group, 'This form group has no video.', signer);
}
