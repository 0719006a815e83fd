import type { FastifyInstance } from 'fastify';
import { listUsers } from '../../services/adminUsers.ts';
import { paginate } from '../../services/pagination.ts';
import { requireAdmin } from '../auth.ts';

/** Admin calls; every route here needs role 2. */
export async function adminRoutes(app: FastifyInstance) {
  app.addHook('preHandler', async (req) => {
    req.actor = await requireAdmin(req);
  });
  app.get('/admin', async (req) => {
    const { search, categoryId, ...page } = await listUsers(req.em, req.query);
    return paginate(page, `${req.server.config.appUrl}/api/admin/admin`, { search, categoryId });
  });
}
