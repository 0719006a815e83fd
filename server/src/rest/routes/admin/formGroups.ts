import type { FastifyInstance } from 'fastify';

/** Admin REST calls of admin.md section 7 for this area (registered under /api/admin, role 2 checked by the parent). */
export async function adminFormGroupRoutes(_app: FastifyInstance) {}
