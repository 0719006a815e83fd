import { router } from '../../../trpc/init.ts';
import { createUserRoute } from './create-user.ts';
import { deleteUserRoute } from './delete-user.ts';
import { getUserRoute } from './get-user.ts';
import { listUsersRoute } from './list-users.ts';
import { setAccessRoute } from './set-access.ts';
import { setPasswordRoute } from './set-password.ts';
import { updateUserRoute } from './update-user.ts';

export const adminUsersRouter = router({
  list: listUsersRoute,
  get: getUserRoute,
  create: createUserRoute,
  update: updateUserRoute,
  setPassword: setPasswordRoute,
  setAccess: setAccessRoute,
  delete: deleteUserRoute,
});
