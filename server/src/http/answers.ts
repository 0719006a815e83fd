import type { FastifyRequest } from 'fastify';
import type { Paginated } from '@evolution/shared';
import { paginate, type Page } from '../services/pagination.ts';

// The answers' shapes both doors (tRPC and REST) give what services return, written once.

/** A record as Laravel's API resources answer it. */
export const dataAnswer = <T>(data: T): { data: T } => ({ data });

/** A host name, IPv4 or [IPv6] address, with an optional port: what a Host header may hold, and nothing else. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The address the caller reached this server at (scheme and host, as Fastify reads them: X-Forwarded-Proto and
 * X-Forwarded-Host only from a trusted proxy, TRUST_PROXY), as Laravel's url() builds on the request's own host;
 * APP_URL's when the request names no usable host.
 */
export function requestOrigin(req: FastifyRequest): string {
  const { protocol, host } = req;
  if ((protocol === 'http' || protocol === 'https') && HOST.test(host)) return `${protocol}://${host}`;
  return req.server.config.appUrl;
}

/**
 * A page a service returned, as Laravel's paginator answers it: its links name the REST path that lists it
 * (`/api/user/assistance_flag`) on `origin` (requestOrigin()), which is also where a tRPC caller's links lead, with
 * the filters kept.
 */
export const pageAnswer = <T>(
  origin: string,
  page: Page<T>,
  path: string,
  query: Record<string, string | number | undefined> = {},
): Paginated<T> => paginate(page, `${origin}${path}`, query);
