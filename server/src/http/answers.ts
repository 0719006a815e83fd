import type { Paginated } from '@evolution/shared';
import type { AppConfig } from '../config.ts';
import { paginate, type Page } from '../services/pagination.ts';

// The answers' shapes both doors (tRPC and REST) give what services return, written once.

/** A record as Laravel's API resources answer it. */
export const dataAnswer = <T>(data: T): { data: T } => ({ data });

/**
 * A page a service returned, as Laravel's paginator answers it: its links name the REST path that lists it
 * (`/api/user/assistance_flag`), which is also where a tRPC caller's links lead, with the filters kept.
 */
export const pageAnswer = <T>(
  config: AppConfig,
  page: Page<T>,
  path: string,
  query: Record<string, string | number | undefined> = {},
): Paginated<T> => paginate(page, `${config.appUrl}${path}`, query);
