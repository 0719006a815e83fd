import type { FastifyInstance } from 'fastify';

/** Member calls of issue 11 for this area, under /api. */
export async function messagesRoutes(_app: FastifyInstance) {}
