import type { FastifyRequest } from 'fastify';
import type { Paginated } from '@evolution/shared';
import { pageAnswer, requestOrigin } from '../http/answers.ts';
import type { Page } from '../services/pagination.ts';

/**
 * A list route's page as Laravel's paginator answers it: its links name the route's own path, with the request's path
 * parameters filled in (`/api/admin/form_group/7/form`), and keep `query`'s filters.
 */
export function routePage<T>(
  req: FastifyRequest,
  page: Page<T>,
  query?: Record<string, string | number | undefined>,
): Paginated<T> {
  const params = req.params as Record<string, unknown>;
  const path = req.routeOptions.url!.replace(/:(\w+)/g, (_, name: string) => String(params[name]));
  return pageAnswer(requestOrigin(req), page, path, query);
}
