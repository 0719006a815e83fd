import { listAllFormGroups, listExerciseTypes, listMuscleGroups } from '../../../services/adminCatalogue.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Every exercise type: { data: {id, name}[] }. */
export const exerciseTypesRoute = adminProcedure.query(({ ctx }) => listExerciseTypes(ctx.em));

/** Every muscle group: { data: {id, name, short_handle}[] }. */
export const muscleGroupsRoute = adminProcedure.query(({ ctx }) => listMuscleGroups(ctx.em));

/** Every form group, not paged: { data: {id, name}[] }. */
export const formGroupsAllRoute = adminProcedure.query(({ ctx }) => listAllFormGroups(ctx.em));
