import type { FastifyInstance } from 'fastify';

/** Admin calls of issue 11 for this area, under /api/admin; role 2 checked by the parent. */
export async function adminMessageRoutes(_app: FastifyInstance) {}
