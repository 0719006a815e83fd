import { router } from '../../trpc/init.ts';
import { changePasswordRoute } from './change-password.ts';
import { contactDetailsRoute } from './contact-details.ts';
import { dataReadsRoute } from './data-reads.ts';
import { deleteAccountRoute } from './delete-account.ts';
import { exportDataRoute } from './export-data.ts';
import { requestPasswordResetRoute } from './request-password-reset.ts';
import { resetPasswordRoute } from './reset-password.ts';
import { setsRoute } from './sets.ts';
import { subscriptionRouter } from './subscription/router.ts';
import { updateContactDetailsRoute } from './update-contact-details.ts';
import { updateSetsRoute } from './update-sets.ts';

/** The account screens: password, contact details, work volume, subscription, data export and deletion. */
export const accountRouter = router({
  changePassword: changePasswordRoute,
  requestPasswordReset: requestPasswordResetRoute,
  resetPassword: resetPasswordRoute,
  contactDetails: contactDetailsRoute,
  updateContactDetails: updateContactDetailsRoute,
  sets: setsRoute,
  updateSets: updateSetsRoute,
  exportData: exportDataRoute,
  deleteAccount: deleteAccountRoute,
  dataReads: dataReadsRoute,
  subscription: subscriptionRouter,
});
