import { router } from '../../trpc/init.ts';
import { applicationDetailsRoute } from './application-details.ts';
import { factFindingRoute } from './fact-finding.ts';
import { submitApplicationDetailsRoute } from './submit-application-details.ts';
import { submitFactFindingRoute } from './submit-fact-finding.ts';

/** The initial setup: PAR-Q (step 1), then fact-find (step 2). */
export const setupRouter = router({
  applicationDetails: applicationDetailsRoute,
  submitApplicationDetails: submitApplicationDetailsRoute,
  factFinding: factFindingRoute,
  submitFactFinding: submitFactFindingRoute,
});
