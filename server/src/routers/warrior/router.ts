import { router } from '../../trpc/init.ts';
import { calibrationResultsRoute } from './calibration-results.ts';
import { chamberTrendRoute } from './chamber-trend.ts';
import { formLevelsRoute } from './form-levels.ts';
import { getChamberRoute } from './get-chamber.ts';
import { getEvolutionRoute } from './get-evolution.ts';
import { getPageRoute } from './get-page.ts';
import { getPhaseRoute } from './get-phase.ts';
import { listPagesRoute } from './list-pages.ts';
import { listPhasesRoute } from './list-phases.ts';
import { listVersionsRoute } from './list-versions.ts';
import { formGroupVideoRoute, pageVideoRoute } from './page-video.ts';
import { submitPhaseRoute } from './submit-phase.ts';
import { uploadImageRoute } from './upload-image.ts';
import { workoutResultsRoute } from './workout-results.ts';

/** The warrior channel: tracks, phases and submissions, the member's evolution results, pages and videos. */
export const warriorRouter = router({
  versions: listVersionsRoute,
  phases: listPhasesRoute,
  phase: getPhaseRoute,
  submitPhase: submitPhaseRoute,
  uploadImage: uploadImageRoute,
  evolution: getEvolutionRoute,
  calibrationResults: calibrationResultsRoute,
  workoutResults: workoutResultsRoute,
  formLevels: formLevelsRoute,
  chamber: getChamberRoute,
  chamberTrend: chamberTrendRoute,
  page: getPageRoute,
  pages: listPagesRoute,
  pageVideo: pageVideoRoute,
  formGroupVideo: formGroupVideoRoute,
});
