import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_PER_PAGE, type Paginated } from '@evolution/shared';
import { db } from '../db/kysely.ts';

/** One page of results as the services return it; the doors shape it with pageAnswer() (http/answers.ts). */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
}

/** A search text as an ILIKE pattern's literal part: its %, _ and backslash match themselves. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const pageWindow = (page: number, perPage = DEFAULT_PER_PAGE) => ({
  limit: perPage,
  offset: (page - 1) * perPage,
});

/** A big table's number of rows, all buckets or one, from row_counts (kept exact by triggers: entities/RowCount.ts). */
export async function countedTotal(
  em: EntityManager,
  subject: 'users' | 'assistance_flags' | 'audit_log',
  bucket?: number,
): Promise<number> {
  const row = await db(em)
    .selectFrom('row_counts')
    .select((eb) => eb.fn.sum<string | null>('rows').as('total'))
    .where('subject', '=', subject)
    .$if(bucket !== undefined, (qb) => qb.where('bucket', '=', bucket!))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Laravel's paginator shape (data / links / meta), with links built on `path` and any extra query kept. */
export function paginate<T>(
  result: Page<T>,
  path: string,
  query: Record<string, string | number | undefined> = {},
): Paginated<T> {
  const { items, total, page, perPage } = result;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (n: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query))
      if (v !== undefined && v !== '' && k !== 'page') params.set(k, String(v));
    params.set('page', String(n));
    return `${path}?${params.toString()}`;
  };
  const from = items.length ? (page - 1) * perPage + 1 : null;
  return {
    data: items,
    links: {
      first: link(1),
      last: link(lastPage),
      prev: page > 1 ? link(page - 1) : null,
      next: page < lastPage ? link(page + 1) : null,
    },
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      per_page: perPage,
      to: from === null ? null : from + items.length - 1,
      total,
      path,
    },
  };
}
