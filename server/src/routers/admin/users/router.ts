import { router } from '../../../trpc/init.ts';
import { listUsersRoute } from './list-users.ts';

export const adminUsersRouter = router({ list: listUsersRoute });
