import { router } from '../../../trpc/init.ts';
import { getVo2LevelRoute } from './get-level.ts';
import { listVo2LevelsRoute } from './list-levels.ts';
import { updateVo2LevelRoute } from './update-level.ts';

/** admin.vo2max: the VO2 max levels a member's score is placed in. */
export const adminVo2maxRouter = router({
  list: listVo2LevelsRoute,
  get: getVo2LevelRoute,
  update: updateVo2LevelRoute,
});
