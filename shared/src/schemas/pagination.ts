import { z } from 'zod';

/** Laravel's paginator answer (PRODUCT.md section 2). */
export interface Paginated<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: {
    current_page: number;
    from: number | null;
    last_page: number;
    per_page: number;
    to: number | null;
    total: number;
    path: string;
  };
}

export const pageInput = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
});
