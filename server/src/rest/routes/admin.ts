import type { FastifyInstance } from 'fastify';
import { adminUserListInput, adminUserRowSchema, paginatedSchema } from '@evolution/shared';
import { listUsers } from '../../services/adminUsers.ts';
import { paginate } from '../../services/pagination.ts';
import { requireAdmin } from '../auth.ts';
import { doc } from '../openapi.ts';
import { adminCalibrationRoutes } from './admin/calibrations.ts';
import { adminFormGroupRoutes } from './admin/formGroups.ts';
import { adminMealRoutes } from './admin/meals.ts';
import { adminMediaRoutes } from './admin/media.ts';
import { adminPageRoutes } from './admin/pages.ts';

/** Admin calls; every route here needs role 2. */
export async function adminRoutes(app: FastifyInstance) {
  app.addHook('preHandler', async (req) => {
    req.actor = await requireAdmin(req);
  });
  app.get('/admin', {
    schema: doc({ summary: 'User list, newest first; search by name or email; categoryId 1 users, 2 admins', tags: ['Admin: users'], who: 'admin', query: adminUserListInput, response: { 200: paginatedSchema(adminUserRowSchema) } }),
  }, async (req) => {
    const { search, categoryId, ...page } = await listUsers(req.em, req.query);
    return paginate(page, `${req.server.config.appUrl}/api/admin/admin`, { search, categoryId });
  });
  // Each area's calls in its own file; they inherit the role check above.
  await app.register(adminCalibrationRoutes);
  await app.register(adminFormGroupRoutes);
  await app.register(adminMealRoutes);
  await app.register(adminPageRoutes);
  await app.register(adminMediaRoutes);
}
