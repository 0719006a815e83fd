import type { EntityManager, EntityName, FilterQuery, FindOptions, Loaded } from '@mikro-orm/postgresql';
import { DEFAULT_PER_PAGE, type PageLink, type Paginated } from '@evolution/shared';
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

/**
 * One page of an entity's rows, 10 a page, and how many there are in all (MikroORM's findAndCount). `Hint` carries
 * `populate` through, so the rows come back typed with the relations loaded (Loaded<Entity, Hint>).
 */
export async function findPaged<Entity extends object, Hint extends string = never>(
  em: EntityManager,
  entity: EntityName<Entity>,
  where: FilterQuery<NoInfer<Entity>>,
  page: number,
  options: Omit<FindOptions<Entity, Hint, never, never>, 'using' | 'limit' | 'offset'> = {},
): Promise<Page<Loaded<Entity, Hint, never, never>>> {
  const { limit, offset } = pageWindow(page);
  const [items, total] = await em.findAndCount<Entity, Hint>(entity, where, { ...options, limit, offset });
  return { items, total, page, perPage: limit };
}

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

/** The labels of Laravel's lang/en/pagination.php, which its linkCollection() puts first and last. */
const PREVIOUS_LABEL = '&laquo; Previous';
const NEXT_LABEL = 'Next &raquo;';
/** Laravel's default onEachSide: pages shown either side of the current one before the rest is left out. */
const ON_EACH_SIDE = 3;

/**
 * The page numbers Laravel's UrlWindow shows, with null where it leaves pages out ('...'): every page when there are
 * fewer than 14, else the first pages, a window round the current page and the last pages.
 */
function pageWindowNumbers(current: number, last: number, onEachSide = ON_EACH_SIDE): (number | null)[] {
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  if (last < onEachSide * 2 + 8) return range(1, last);
  const window = onEachSide + 4;
  const start = range(1, 2);
  const finish = range(last - 1, last);
  if (current <= window) return [...range(1, window + onEachSide), null, ...finish];
  if (current > last - window) return [...start, null, ...range(last - (window + (onEachSide - 1)), last)];
  return [...start, null, ...range(current - onEachSide, current + onEachSide), null, ...finish];
}

/**
 * Laravel's paginator shape (data / links / meta, with meta.links as its linkCollection() makes them), with links
 * built on `path` and any extra query kept.
 */
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
  const prev = page > 1 ? link(page - 1) : null;
  const next = page < lastPage ? link(page + 1) : null;
  const pageLinks: PageLink[] = [
    { url: prev, label: PREVIOUS_LABEL, active: false },
    ...pageWindowNumbers(page, lastPage).map((n) =>
      n === null ? { url: null, label: '...', active: false } : { url: link(n), label: String(n), active: n === page },
    ),
    { url: next, label: NEXT_LABEL, active: false },
  ];
  return {
    data: items,
    links: { first: link(1), last: link(lastPage), prev, next },
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      links: pageLinks,
      per_page: perPage,
      to: from === null ? null : from + items.length - 1,
      total,
      path,
    },
  };
}
