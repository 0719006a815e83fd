import { z } from 'zod';
import { TECHNIQUE_GUIDE_CATEGORY } from '../constants.ts';
import {
  blankToUndefined,
  choiceField,
  FIELD_MESSAGE,
  isVideoLink,
  MAX_ID,
  recordId,
  requiredTextWithMessages,
  VIDEO_LINK_MESSAGE,
  wholeNumberFromText,
} from './fields.ts';
import { searchedPageInput } from './pagination.ts';

// Content pages in the admin area (docs/spec/admin.md §§3, 5 and 7): the category tree, pages by category, a page's
// text (Markdown), phase class, muscle group, picture and video.

/** Longest page text accepted: the longest seeded guide is about 2,000 characters. */
const PAGE_CONTENT_MAX = 50_000;

/** Messages of the page calls, shared by the server and the admin screens. */
export const ADMIN_PAGE_MESSAGE = {
  pageNotFound: 'Page not found.',
  categoryNotFound: 'Page category not found.',
  categoryInvalid: FIELD_MESSAGE.chooseListed('page category'),
  titleRequired: FIELD_MESSAGE.enter('title'),
  contentRequired: FIELD_MESSAGE.enter('content'),
  addOnlyTechniqueGuides: `Pages can be added only in category ${TECHNIQUE_GUIDE_CATEGORY} (technique guides).`,
  deleteOnlyTechniqueGuides: `Only technique guides (category ${TECHNIQUE_GUIDE_CATEGORY}) can be deleted; every other page is part of the programme's structure.`,
  classInvalid: FIELD_MESSAGE.chooseListed('class'),
  muscleGroupInvalid: FIELD_MESSAGE.chooseListed('muscle group'),
} as const;

/** An optional id that may be cleared: absent leaves it as it is, null or '' clears it, a number (or numeric string) sets it. */
const clearableId = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? null : wholeNumberFromText(v)),
    z
      .number({ error: `The ${label} must be a whole number.` })
      .int(`The ${label} must be a whole number.`)
      .positive(`The ${label} must be a whole number.`)
      .max(MAX_ID, `The selected ${label} is invalid.`)
      .nullable()
      .optional(),
  );

/** PUT admin/page/{id} and the editable part of POST admin/page. */
export const adminPageInput = z.object({
  title: requiredTextWithMessages(
    ADMIN_PAGE_MESSAGE.titleRequired,
    255,
    'The title may not be greater than 255 characters.',
  ),
  content: z.preprocess(
    blankToUndefined,
    // Trailing spaces are Markdown (a hard line break): only line endings are normalised.
    z
      .string({ error: ADMIN_PAGE_MESSAGE.contentRequired })
      .max(PAGE_CONTENT_MAX, `The content may not be greater than ${PAGE_CONTENT_MAX} characters.`)
      .transform((s) => s.replace(/\r\n?/g, '\n')),
  ),
  class_id: clearableId('class id'),
  muscle_group_id: clearableId('muscle group id'),
  image_id: clearableId('image id'),
  video_id: clearableId('video id'),
  video_link: z
    .preprocess(
      (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
      z
        .string({ error: 'The video link must be text.' })
        .trim()
        .max(255, 'The video link may not be greater than 255 characters.')
        .refine(isVideoLink, VIDEO_LINK_MESSAGE)
        .nullable()
        .optional(),
    )
    .describe('id or http(s) address on the video host; null or blank clears it, absent keeps it'),
});

/** POST admin/page: a new page in a category (only category 4, technique guides, takes new pages). */
export const adminPageCreateInput = adminPageInput.extend({ page_category_id: choiceField('page category') });

/** A page, or a page category, named by its path (admin/page/{id}, admin/page/category/{id}/pages). */
export const adminPageIdInput = z.object({ id: recordId });
export const adminPageCategoryIdInput = z.object({ id: recordId });

/** GET admin/page/category/{id}/pages?page&search. */
export const adminCategoryPagesQuery = searchedPageInput;
/** The tRPC input of the same list: the category in the input. */
export const adminCategoryPagesInput = adminCategoryPagesQuery.extend({ categoryId: recordId });

/** tRPC admin.pages.update: the page id beside the fields. */
export const adminPageUpdateInput = adminPageInput.extend({ id: recordId });

// ---------------------------------------------------------------------------------------------------------------
// Answers

/** A page as the admin screens edit it (docs/spec/admin.md §3), with what the screens need to offer the right actions. */
export const adminPageSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    content: z.string().describe('Markdown (CommonMark; raw HTML is shown as text, never run)'),
    page_category_id: z.number().int(),
    class_id: z
      .number()
      .int()
      .nullable()
      .describe('phase class; set only on the pages of the calibration and general tracks'),
    muscle_group_id: z.number().int().nullable(),
    image_id: z.number().int().nullable(),
    image_path: z.string().nullable().describe('signed address of the picture'),
    video_id: z.number().int().nullable(),
    video_path: z.string().nullable().describe('signed address of the uploaded video'),
    video_link: z.string().nullable().describe('id or link on the video host'),
    updated_at: z.string(),
    deletable: z.boolean().describe('only technique guides (category 4) can be deleted'),
    track: z.enum(['calibration', 'general']).nullable().describe('the warrior track this page is a phase of, if any'),
    phase: z.number().int().nullable().describe("the page's phase number in its track or version"),
  })
  .meta({ id: 'AdminPage' });
export type AdminPage = z.infer<typeof adminPageSchema>;
export const adminPageAnswerSchema = z.object({ data: adminPageSchema });

/** A node of the content tree (docs/spec/admin.md §3: id, parent), with its name and children. */
export interface AdminPageCategoryNode {
  id: number;
  name: string;
  parent: number | null;
  can_add_pages: boolean;
  children: AdminPageCategoryNode[];
}
const adminPageCategorySchema: z.ZodType<AdminPageCategoryNode> = z
  .object({
    id: z.number().int(),
    name: z.string(),
    parent: z.number().int().nullable().describe('null for a root'),
    can_add_pages: z.boolean().describe('true only for category 4, technique guides'),
    get children() {
      return z.array(adminPageCategorySchema);
    },
  })
  .meta({ id: 'PageCategory' });
export const adminPageCategoryTreeSchema = z.object({ data: z.array(adminPageCategorySchema) });

/** GET admin/phase_class (docs/spec/admin.md §3: id, name, key, preset). */
const phaseClassSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    key: z.string().describe('vo2, exercise, exercises, challenge, flexibility, recovery or data-analysis'),
    preset: z.record(z.string(), z.unknown()).describe('default round layout, e.g. {"chunk": 3, "repeats": 3}'),
  })
  .meta({ id: 'PhaseClass' });
export type PhaseClassDto = z.infer<typeof phaseClassSchema>;
export const phaseClassListSchema = z.object({ data: z.array(phaseClassSchema) });

/** DELETE admin/page/{id}. */
export const adminPageDeletedSchema = z.object({ message: z.string() });
