import { router } from '../../trpc/init.ts';
import { adminCalibrationsRouter } from './calibrations/router.ts';
import { adminChannelsRouter } from './channels/router.ts';
import { adminFormGroupsRouter } from './formGroups/router.ts';
import { adminFormsRouter } from './forms/router.ts';
import { adminMealsRouter } from './meals/router.ts';
import { adminMediaRouter } from './media/router.ts';
import { adminPagesRouter } from './pages/router.ts';
import { adminUsersRouter } from './users/router.ts';
import { adminMembersRouter } from './members/router.ts';
import { adminAuditRouter } from './audit/router.ts';
import { adminFlagsRouter } from './flags/router.ts';
import { adminMessagesRouter } from './messages/router.ts';
import { adminVo2maxRouter } from './vo2max/router.ts';

/** Admin sub-routers, nested: admin.users, admin.calibrations, admin.meals, admin.forms... */
export const adminRouter = router({
  users: adminUsersRouter,
  calibrations: adminCalibrationsRouter,
  channels: adminChannelsRouter,
  vo2max: adminVo2maxRouter,
  formGroups: adminFormGroupsRouter,
  forms: adminFormsRouter,
  meals: adminMealsRouter,
  pages: adminPagesRouter,
  media: adminMediaRouter,
  members: adminMembersRouter,
  audit: adminAuditRouter,
  flags: adminFlagsRouter,
  messages: adminMessagesRouter,
});
