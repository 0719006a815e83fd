import { router } from '../../../trpc/init.ts';
import { createFormGroupRoute } from './create-form-group.ts';
import { deleteFormGroupRoute } from './delete-form-group.ts';
import { getFormGroupRoute } from './get-form-group.ts';
import { listFormGroupsRoute } from './list-form-groups.ts';
import { updateFormGroupRoute } from './update-form-group.ts';

/** admin.formGroups: the form groups (ladders) of the exercise library. */
export const adminFormGroupsRouter = router({
  list: listFormGroupsRoute,
  get: getFormGroupRoute,
  create: createFormGroupRoute,
  update: updateFormGroupRoute,
  delete: deleteFormGroupRoute,
});
