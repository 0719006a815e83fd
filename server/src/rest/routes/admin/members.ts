import type { FastifyInstance } from 'fastify';

/** A member's record as admins read it (admin.md section 7 "Member data"), under /api/admin; role 2 checked by the parent. */
export async function adminMemberRoutes(_app: FastifyInstance) {}
