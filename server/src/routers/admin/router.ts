import { router } from '../../trpc/init.ts';
import { adminUsersRouter } from './users/router.ts';

/** Admin sub-routers, nested: admin.users, later admin.meals, admin.forms... */
export const adminRouter = router({ users: adminUsersRouter });
