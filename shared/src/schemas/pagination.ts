import { z } from 'zod';

/** Laravel's paginator answer (docs/product.md §2). */
export const paginatedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    links: z.object({ first: z.string(), last: z.string(), prev: z.string().nullable(), next: z.string().nullable() }),
    meta: z.object({
      current_page: z.number().int(),
      from: z.number().int().nullable(),
      last_page: z.number().int(),
      per_page: z.number().int(),
      to: z.number().int().nullable(),
      total: z.number().int(),
      path: z.string(),
    }),
  });
export type Paginated<T> = Omit<z.infer<ReturnType<typeof paginatedSchema>>, 'data'> & { data: T[] };

const pageMessage = 'The page must be a whole number from 1.';
export const pageInput = z.object({
  page: z.coerce
    .number({ error: pageMessage })
    .int(pageMessage)
    .min(1, pageMessage)
    .max(1_000_000, pageMessage)
    .optional()
    .default(1),
});

/** The error bodies of the REST surface. */
export const messageSchema = z.object({ message: z.string() });
export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
