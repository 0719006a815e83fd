import { router } from '../../../trpc/init.ts';
import { applicationDetailsRoute } from './application-details.ts';
import { calibrationResultsRoute } from './calibration-results.ts';
import { chamberRoute } from './chamber.ts';
import { contactDetailsRoute } from './contact-details.ts';
import { evolutionRoute } from './evolution.ts';
import { factFindingRoute } from './fact-finding.ts';
import { formLevelsRoute } from './form-levels.ts';
import { macroDataRoute } from './macro-data.ts';
import { memberRoute } from './member.ts';
import { workoutResultsRoute } from './workout-results.ts';

/** admin.members: a member's record, tab by tab (docs/spec/admin.md "User detail tabs"); health-data reads are audited. */
export const adminMembersRouter = router({
  member: memberRoute,
  contactDetails: contactDetailsRoute,
  evolution: evolutionRoute,
  calibrationResults: calibrationResultsRoute,
  workoutResults: workoutResultsRoute,
  formLevels: formLevelsRoute,
  applicationDetails: applicationDetailsRoute,
  factFinding: factFindingRoute,
  chamber: chamberRoute,
  macroData: macroDataRoute,
});
