import { dataAnswer } from '../../../http/answers.ts';
import { listCalibrations } from '../../../services/adminCatalogue.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Every calibration, not paged: { data }. */
export const listCalibrationsRoute = adminProcedure.query(async ({ ctx }) =>
  dataAnswer(await listCalibrations(ctx.svc)),
);
