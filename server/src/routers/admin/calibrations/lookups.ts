import { dataAnswer } from '../../../http/answers.ts';
import { listAllFormGroups, listExerciseTypes, listMuscleGroups } from '../../../services/adminCatalogue.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Every exercise type: { data: {id, name}[] }. */
export const exerciseTypesRoute = adminProcedure.query(async ({ ctx }) => dataAnswer(await listExerciseTypes(ctx.svc)));

/** Every muscle group: { data: {id, name, short_handle}[] }. */
export const muscleGroupsRoute = adminProcedure.query(async ({ ctx }) => dataAnswer(await listMuscleGroups(ctx.svc)));

/** Every form group, not paged: { data: {id, name}[] }. */
export const formGroupsAllRoute = adminProcedure.query(async ({ ctx }) => dataAnswer(await listAllFormGroups(ctx.svc)));
