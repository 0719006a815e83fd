import { router } from '../../../trpc/init.ts';
import { getCalibrationRoute } from './get-calibration.ts';
import { listCalibrationsRoute } from './list-calibrations.ts';
import { exerciseTypesRoute, formGroupsAllRoute, muscleGroupsRoute } from './lookups.ts';
import { updateCalibrationRoute } from './update-calibration.ts';

/** admin.calibrations: the lookups (exercise types, muscle groups, every form group) and the calibration definitions. */
export const adminCalibrationsRouter = router({
  exerciseTypes: exerciseTypesRoute,
  muscleGroups: muscleGroupsRoute,
  formGroupsAll: formGroupsAllRoute,
  list: listCalibrationsRoute,
  get: getCalibrationRoute,
  update: updateCalibrationRoute,
});
