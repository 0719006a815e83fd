import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import {
  ADMIN_PAGE_MESSAGE,
  PHASE_TYPES,
  TECHNIQUE_GUIDE_CATEGORY,
  adminCategoryPagesInput,
  adminPageCreateInput,
  adminPageIdInput,
  adminPageInput,
  type AdminPage,
  type AdminPageCategoryNode,
  type PhaseClassDto,
  type PhaseType,
  type TrackType,
} from '@evolution/shared';
import { phaseClassChangeRefusal, type PagePlace } from '../domain/phaseClassChange.ts';
import { MuscleGroup, Page, PageCategory, PhaseClass } from '../entities/index.ts';
import type { IMedia } from '../entities/Media.ts';
import type { IMuscleGroup } from '../entities/MuscleGroup.ts';
import type { IPage } from '../entities/Page.ts';
import type { IPageCategory } from '../entities/PageCategory.ts';
import type { IPhaseClass } from '../entities/PhaseClass.ts';
import { DomainError, laravelMessage, notFound, type FieldErrors } from '../errors.ts';
import { editingContent } from './contentCache.ts';
import type { ServiceContext, SignedInContext } from './context.ts';
import { attachableMedia, mediaUrl } from './media.ts';
import { pageText } from './pageAnswers.ts';
import { escapeLike, findPaged, type Page as ResultPage } from './pagination.ts';

// Content pages as admins edit them (docs/spec/admin.md §§3, 5 and 7). Rules kept here: pages are added and deleted only
// in category 4 (technique guides), every other page is part of the programme's structure; a phase page's class
// changes only where the runner can still run the track (domain/phaseClassChange.ts).

type PageId = z.output<typeof adminPageIdInput>;

const isPhaseType = (key: string | undefined): key is PhaseType =>
  (PHASE_TYPES as readonly string[]).includes(key ?? '');

/** The content tree, read once per call: the tracks are found by slug (calibration) or as General's version children. */
class ContentTree {
  readonly byId: Map<number, IPageCategory>;
  private readonly generalId: number | null;

  constructor(categories: IPageCategory[]) {
    this.byId = new Map(categories.map((c) => [c.id, c]));
    this.generalId = categories.find((c) => c.slug === 'general')?.id ?? null;
  }

  static async load(em: EntityManager): Promise<ContentTree> {
    return new ContentTree(await em.find(PageCategory, {}, { orderBy: { id: 'asc' } }));
  }

  /** The warrior track whose phases are the pages of this category, if any. */
  trackOf(categoryId: number): TrackType | null {
    const category = this.byId.get(categoryId);
    if (!category) return null;
    if (category.slug === 'calibration') return 'calibration';
    return category.parentId !== null && category.parentId === this.generalId && category.version !== null
      ? 'general'
      : null;
  }
}

/** Phase numbers of a track category's pages: the pages with a phase class, in the runner's order (as trackPhases). */
async function phaseNumbers(em: EntityManager, categoryId: number): Promise<Map<number, number>> {
  const phases = await em.find(
    Page,
    { category: categoryId, phaseClass: { $ne: null } },
    { populate: ['phaseClass'], orderBy: { position: 'asc', id: 'asc' } },
  );
  return new Map(phases.filter((p) => isPhaseType(p.phaseClass?.key)).map((p, i) => [p.id, i + 1]));
}

function adminPageDto(
  ctx: Pick<ServiceContext, 'em' | 'config'>,
  page: IPage,
  track: TrackType | null,
  phase: number | null,
): AdminPage {
  return {
    ...pageText(page),
    class_id: page.phaseClass?.id ?? null,
    muscle_group_id: page.muscleGroup?.id ?? null,
    image_id: page.image?.id ?? null,
    image_path: mediaUrl(ctx.config, page.image),
    video_id: page.video?.id ?? null,
    video_path: mediaUrl(ctx.config, page.video),
    video_link: page.videoLink ?? null,
    updated_at: page.updatedAt.toISOString(),
    deletable: page.category.id === TECHNIQUE_GUIDE_CATEGORY,
    track,
    phase,
  };
}

async function answer(ctx: Pick<ServiceContext, 'em' | 'config'>, page: IPage): Promise<AdminPage> {
  const { track, phase } = await placeOf(ctx.em, page);
  return adminPageDto(ctx, page, track, phase);
}

async function findPage(em: EntityManager, id: number): Promise<IPage> {
  const page = await em.findOne(Page, { id }, { populate: ['phaseClass'] });
  if (!page) throw notFound(ADMIN_PAGE_MESSAGE.pageNotFound);
  return page;
}

/** GET admin/page/category: the content tree, each category with its children in id order; only category 4 takes new pages. */
export async function pageCategoryTree(ctx: SignedInContext): Promise<AdminPageCategoryNode[]> {
  const { byId } = await ContentTree.load(ctx.em);
  const all = [...byId.values()];
  const node = (c: IPageCategory): AdminPageCategoryNode => ({
    id: c.id,
    name: c.name,
    parent: c.parentId ?? null,
    can_add_pages: c.id === TECHNIQUE_GUIDE_CATEGORY,
    children: all.filter((child) => child.parentId === c.id).map(node),
  });
  // A category whose parent is gone would otherwise vanish from the tree: it shows as a root.
  const isRoot = (c: IPageCategory) => {
    const parent = c.parentId ?? null;
    return parent === null || !byId.has(parent);
  };
  return all.filter(isRoot).map(node);
}

/** GET admin/phase_class: the kinds of phase a page can be, by id. */
export async function listPhaseClasses(ctx: SignedInContext): Promise<PhaseClassDto[]> {
  const classes = await ctx.em.find(PhaseClass, {}, { orderBy: { id: 'asc' } });
  return classes.map((c) => ({ id: c.id, name: c.name, key: c.key, preset: c.preset ?? {} }));
}

/** GET admin/page/category/{id}/pages?page&search: a category's pages in their order, 10 a page, searched by title; 404 for no such category. */
export async function listAdminPages(
  ctx: SignedInContext,
  { categoryId, ...input }: z.output<typeof adminCategoryPagesInput>,
): Promise<ResultPage<AdminPage> & { search: string }> {
  const tree = await ContentTree.load(ctx.em);
  if (!tree.byId.has(categoryId)) throw notFound(ADMIN_PAGE_MESSAGE.categoryNotFound);
  const where: Record<string, unknown> = { category: categoryId };
  if (input.search) where.title = { $ilike: `%${escapeLike(input.search)}%` };
  const found = await findPaged(ctx.em, Page, where, input.page, {
    populate: ['phaseClass'],
    orderBy: { position: 'asc', id: 'asc' },
  });
  const track = tree.trackOf(categoryId);
  const numbers = track ? await phaseNumbers(ctx.em, categoryId) : new Map<number, number>();
  return {
    ...found,
    items: found.items.map((p) => adminPageDto(ctx, p, track, numbers.get(p.id) ?? null)),
    search: input.search,
  };
}

/** GET admin/page/{id}: a page with its picture and video addresses; 404 when there is none. */
export async function getAdminPage(ctx: SignedInContext, { id }: PageId): Promise<AdminPage> {
  return answer(ctx, await findPage(ctx.em, id));
}

/** The page exists (a 404 otherwise): checked before an edit's fields are read, as Laravel binds paths. */
export async function pageExists(ctx: SignedInContext, { id }: PageId): Promise<void> {
  await findPage(ctx.em, id);
}

/** Adds a 422 message to the errors being collected, so one answer carries every field's problem (as Laravel does). */
const addError = (errors: FieldErrors, field: string, message: string) => void (errors[field] ??= []).push(message);

/** A media id checked with attachableMedia, its 422 collected instead of thrown (null when refused). */
async function collectMedia(
  em: EntityManager,
  errors: FieldErrors,
  id: number | null,
  kind: 'page_image' | 'page_video',
  field: string,
): Promise<IMedia | null> {
  try {
    return await attachableMedia(em, id, [kind], field);
  } catch (err) {
    if (!(err instanceof DomainError) || !err.fieldErrors) throw err;
    for (const [f, messages] of Object.entries(err.fieldErrors)) messages.forEach((m) => addError(errors, f, m));
    return null;
  }
}

type PageFields = z.output<typeof adminPageInput>;

/** The records the fields name, checked; undefined for a field left out (it keeps its value). */
interface ResolvedFields {
  phaseClass: IPhaseClass | null | undefined;
  muscleGroup: IMuscleGroup | null | undefined;
  image: IMedia | null | undefined;
  video: IMedia | null | undefined;
}

/**
 * Checks the editable fields against the page's place in the programme: the class change rule, and that the class,
 * muscle group, image and video exist. Every problem (with those already collected) is one 422.
 */
async function resolveFields(
  em: EntityManager,
  place: PagePlace,
  input: PageFields,
  errors: FieldErrors,
): Promise<ResolvedFields> {
  let phaseClass: IPhaseClass | null | undefined;
  if (input.class_id !== undefined) {
    phaseClass = input.class_id === null ? null : await em.findOne(PhaseClass, { id: input.class_id });
    if (phaseClass === null && input.class_id !== null) addError(errors, 'class_id', ADMIN_PAGE_MESSAGE.classInvalid);
    else {
      const refusal = phaseClassChangeRefusal(place, isPhaseType(phaseClass?.key) ? phaseClass.key : null);
      if (refusal) addError(errors, 'class_id', refusal);
    }
  }
  let muscleGroup: IMuscleGroup | null | undefined = input.muscle_group_id === undefined ? undefined : null;
  if (input.muscle_group_id) {
    muscleGroup = await em.findOne(MuscleGroup, { id: input.muscle_group_id });
    if (!muscleGroup) addError(errors, 'muscle_group_id', ADMIN_PAGE_MESSAGE.muscleGroupInvalid);
  }
  const image =
    input.image_id === undefined ? undefined : await collectMedia(em, errors, input.image_id, 'page_image', 'image_id');
  const video =
    input.video_id === undefined ? undefined : await collectMedia(em, errors, input.video_id, 'page_video', 'video_id');
  if (Object.keys(errors).length) throw new DomainError('VALIDATION', laravelMessage(errors), { fieldErrors: errors });
  return { phaseClass, muscleGroup, image, video };
}

/** Where a stored page stands: its track, phase number and current class. */
async function placeOf(em: EntityManager, page: IPage): Promise<PagePlace> {
  const track = (await ContentTree.load(em)).trackOf(page.category.id);
  const phase = track ? ((await phaseNumbers(em, page.category.id)).get(page.id) ?? null) : null;
  return { track, phase, current: isPhaseType(page.phaseClass?.key) ? page.phaseClass.key : null };
}

/**
 * PUT admin/page/{id}: title and content (required), class, muscle group, image, video and video link; a field left
 * out keeps its value, null clears it. The category is fixed (a page_category_id sent is ignored). A class change
 * that would break the runner is refused with why.
 */
export async function updatePage(ctx: SignedInContext, { id, ...input }: PageId & PageFields): Promise<AdminPage> {
  return editingContent(ctx.em, async () => {
    const page = await findPage(ctx.em, id);
    const place = await placeOf(ctx.em, page);
    const fields = await resolveFields(ctx.em, place, input, {});
    page.title = input.title;
    page.content = input.content;
    if (fields.phaseClass !== undefined) page.phaseClass = fields.phaseClass;
    if (fields.muscleGroup !== undefined) page.muscleGroup = fields.muscleGroup;
    if (fields.image !== undefined) page.image = fields.image;
    if (fields.video !== undefined) page.video = fields.video;
    if (input.video_link !== undefined) page.videoLink = input.video_link;
    await ctx.em.flush();
    return answer(ctx, page);
  });
}

/** POST admin/page: a new technique guide, appended after the others; any other category is refused (422). */
export async function createPage(
  ctx: SignedInContext,
  input: z.output<typeof adminPageCreateInput>,
): Promise<AdminPage> {
  return editingContent(ctx.em, async () => {
    const errors: FieldErrors = {};
    const category = await ctx.em.findOne(PageCategory, { id: input.page_category_id });
    if (!category) addError(errors, 'page_category_id', ADMIN_PAGE_MESSAGE.categoryInvalid);
    else if (category.id !== TECHNIQUE_GUIDE_CATEGORY)
      addError(errors, 'page_category_id', ADMIN_PAGE_MESSAGE.addOnlyTechniqueGuides);
    // A technique guide is not a phase: no class but none.
    const fields = await resolveFields(ctx.em, { track: null, phase: null, current: null }, input, errors);
    const [last] = await ctx.em.find(
      Page,
      { category: TECHNIQUE_GUIDE_CATEGORY },
      { orderBy: { position: 'desc' }, limit: 1 },
    );
    const page = ctx.em.create(Page, {
      title: input.title,
      content: input.content,
      category: TECHNIQUE_GUIDE_CATEGORY,
      position: (last?.position ?? 0) + 1,
      phaseClass: null,
      muscleGroup: fields.muscleGroup ?? null,
      preset: null,
      videoLink: input.video_link ?? null,
      image: fields.image ?? null,
      video: fields.video ?? null,
    });
    await ctx.em.flush();
    return answer(ctx, page);
  });
}

/** DELETE admin/page/{id}: only a technique guide (category 4); every other page is refused with 403 and stays. */
export async function deletePage(ctx: SignedInContext, { id }: PageId): Promise<{ message: string }> {
  return editingContent(ctx.em, async () => {
    const page = await findPage(ctx.em, id);
    if (page.category.id !== TECHNIQUE_GUIDE_CATEGORY)
      throw new DomainError('FORBIDDEN', ADMIN_PAGE_MESSAGE.deleteOnlyTechniqueGuides);
    ctx.em.remove(page);
    await ctx.em.flush();
    return { message: 'Page deleted.' };
  });
}
