import type { FastifyRequest } from 'fastify';
import { ROLE, SERVER_MESSAGE } from '@evolution/shared';
import { DomainError } from '../errors.ts';
import { bearerToken } from '../http/bearer.ts';
import { authenticate } from '../services/auth.ts';
import type { Actor, ServiceContext } from '../services/context.ts';

/** The service context of a REST request, with the actor when one was resolved. */
export function svc(req: FastifyRequest, actor: Actor | null = null): ServiceContext {
  const { config, tokens, limits } = req.server;
  return { em: req.em, config, tokens, limits, ip: req.ip, actor };
}

async function resolve(req: FastifyRequest, role: number | null): Promise<Actor> {
  const token = bearerToken(req.headers.authorization);
  if (!token) throw new DomainError('UNAUTHENTICATED', SERVER_MESSAGE.unauthenticated);
  const actor = await authenticate(svc(req), token);
  if (role !== null && actor.user.role !== role) throw new DomainError('FORBIDDEN', SERVER_MESSAGE.unauthorized);
  return actor;
}

/** Any signed-in user. */
export const requireUser = (req: FastifyRequest) => resolve(req, null);
/** Members only: 401 without a valid token, 403 for admins. */
export const requireMember = (req: FastifyRequest) => resolve(req, ROLE.member);
/** Admins only: 401 without a valid token, 403 for members. */
export const requireAdmin = (req: FastifyRequest) => resolve(req, ROLE.admin);
/** Anyone; a bearer token, when one is sent, must be a valid member's (401 / 403 otherwise). */
export const optionalMember = (req: FastifyRequest) => (bearerToken(req.headers.authorization) ? resolve(req, ROLE.member) : Promise.resolve(null));
