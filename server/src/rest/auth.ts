import type { FastifyRequest } from 'fastify';
import { ROLE } from '@evolution/shared';
import { bearerToken } from '../http/bearer.ts';
import { authenticateAs } from '../services/auth.ts';
import type { Actor, ServiceContext } from '../services/context.ts';

/** The service context of a REST request, with the actor when one was resolved. */
export function svc(req: FastifyRequest, actor: Actor | null = null): ServiceContext {
  const { config, tokens, limits } = req.server;
  return { em: req.em, config, tokens, limits, ip: req.ip, actor };
}

const resolve = (req: FastifyRequest, role: number | null): Promise<Actor> =>
  authenticateAs(svc(req), bearerToken(req.headers.authorization), role);

/** Any signed-in user. */
export const requireUser = (req: FastifyRequest) => resolve(req, null);
/** Admins only: 401 without a valid token, 403 for members. */
export const requireAdmin = (req: FastifyRequest) => resolve(req, ROLE.admin);
/** Anyone; a bearer token, when one is sent, must be a valid member's (401 / 403 otherwise). */
export const optionalMember = (req: FastifyRequest) =>
  bearerToken(req.headers.authorization) ? resolve(req, ROLE.member) : Promise.resolve(null);
