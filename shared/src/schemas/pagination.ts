import { z } from 'zod';
import { MAX_ID } from './fields.ts';

/** One of meta.links, as Laravel's LengthAwarePaginator::linkCollection() makes it (url null for '...' or no page). */
const pageLinkSchema = z
  .object({ url: z.string().nullable(), label: z.string(), active: z.boolean() })
  .meta({ id: 'PageLink' });
export type PageLink = z.infer<typeof pageLinkSchema>;

const pageLinksSchema = z
  .object({ first: z.string(), last: z.string(), prev: z.string().nullable(), next: z.string().nullable() })
  .meta({ id: 'PageLinks' });
const pageMetaSchema = z
  .object({
    current_page: z.number().int(),
    from: z.number().int().nullable(),
    last_page: z.number().int(),
    links: z
      .array(pageLinkSchema)
      .describe("Laravel's page links: « Previous, the pages (with '...' where some are left out), Next »"),
    per_page: z.number().int(),
    to: z.number().int().nullable(),
    total: z.number().int(),
    path: z.string(),
  })
  .meta({ id: 'PageMeta' });
const page = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), links: pageLinksSchema, meta: pageMetaSchema });
/** A named item's page is named once (PaginatedFlagRow), so the OpenAPI document holds it once. */
const namedPages = new WeakMap<z.ZodType, z.ZodType>();

/** Laravel's paginator answer (docs/product.md §2). */
export const paginatedSchema = <T extends z.ZodType>(item: T): ReturnType<typeof page<T>> => {
  const id = z.globalRegistry.get(item)?.id;
  if (!id) return page(item);
  if (!namedPages.has(item)) namedPages.set(item, page(item).meta({ id: `Paginated${id}` }));
  return namedPages.get(item) as ReturnType<typeof page<T>>;
};
export type Paginated<T> = Omit<z.infer<ReturnType<typeof paginatedSchema>>, 'data'> & { data: T[] };

/** As Laravel's paginator reads `page`: a whole number from 1 is that page; anything else (0, -1, abc) is page 1. */
export const pageInput = z.object({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_ID)
    .catch(1)
    .default(1)
    .describe('a whole number from 1; anything else reads as page 1'),
});

/** An admin list's ?page&search: the page, and the text its rows are searched for (blank for all). */
export const searchedPageInput = pageInput.extend({
  search: z.string().trim().max(255, 'The search may not be greater than 255 characters.').optional().default(''),
});

/** The error bodies of the REST surface. */
export const messageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });
export const validationErrorSchema = z
  .object({
    message: z.string().describe('The first error, and how many more: "… (and N more errors)"'),
    errors: z.record(z.string(), z.array(z.string())).describe('Each failed field, with its messages'),
  })
  .meta({ id: 'ValidationError' });
