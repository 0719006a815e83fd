import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../route.ts';
import { adminCalibrationRoutes } from './admin/calibrations.ts';
import { adminFormGroupRoutes } from './admin/formGroups.ts';
import { adminMealRoutes } from './admin/meals.ts';
import { adminMediaRoutes } from './admin/media.ts';
import { adminPageRoutes } from './admin/pages.ts';
import { adminUserRoutes } from './admin/users.ts';
import { adminMemberRoutes } from './admin/members.ts';
import { adminFlagRoutes } from './admin/flags.ts';
import { adminMessageRoutes } from './admin/messages.ts';

/** Admin calls; every route here needs role 2, checked before the input is read (a stranger's 401 whatever they sent). */
export async function adminRoutes(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    req.actor = await requireAdmin(req);
  });
  // Each area's calls in its own file; they inherit the role check above.
  await app.register(adminUserRoutes);
  await app.register(adminMemberRoutes);
  await app.register(adminCalibrationRoutes);
  await app.register(adminFormGroupRoutes);
  await app.register(adminMealRoutes);
  await app.register(adminPageRoutes);
  await app.register(adminMediaRoutes);
  await app.register(adminFlagRoutes);
  await app.register(adminMessageRoutes);
}
