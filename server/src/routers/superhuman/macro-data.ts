import { macroGuidelines, ownMacroData } from '../../services/macros.ts';
import { authedProcedure, memberProcedure } from '../../trpc/init.ts';

/** The member's macro data (403 with the tier message when not eligible, 404 before measurements). */
export const macroDataRoute = memberProcedure.query(({ ctx }) => ownMacroData(ctx.svc));

/** The macro guidelines page for any signed-in user, with a member's own macros when they have them. */
export const macroGuidelinesRoute = authedProcedure.query(({ ctx }) => macroGuidelines(ctx.svc));
