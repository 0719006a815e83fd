import type { FastifyInstance } from 'fastify';
import { adminUserListInput, adminUserRowSchema, paginatedSchema } from '@evolution/shared';
import { listUsers } from '../../../services/adminUsers.ts';
import { paginate } from '../../../services/pagination.ts';
import { doc } from '../../openapi.ts';

/** Admin users (admin.md section 7 "Users"), registered under /api/admin; the parent checks role 2. */
export async function adminUserRoutes(app: FastifyInstance) {
  app.get('/admin', {
    schema: doc({ summary: 'User list, newest first; search by name or email; categoryId 1 users, 2 admins', tags: ['Admin: users'], who: 'admin', query: adminUserListInput, response: { 200: paginatedSchema(adminUserRowSchema) } }),
  }, async (req) => {
    const { search, categoryId, ...page } = await listUsers(req.em, req.query);
    return paginate(page, `${req.server.config.appUrl}/api/admin/admin`, { search, categoryId });
  });
}
