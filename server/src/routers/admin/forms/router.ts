import { router } from '../../../trpc/init.ts';
import { createFormRoute } from './create-form.ts';
import { deleteFormRoute } from './delete-form.ts';
import { getFormRoute } from './get-form.ts';
import { listFormsRoute } from './list-forms.ts';
import { updateFormRoute } from './update-form.ts';

/** admin.forms: the forms of a group's ladder. */
export const adminFormsRouter = router({
  list: listFormsRoute,
  get: getFormRoute,
  create: createFormRoute,
  update: updateFormRoute,
  delete: deleteFormRoute,
});
