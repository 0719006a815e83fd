import type { FastifyInstance } from 'fastify';
import {
  SUPERHUMAN_MESSAGE,
  elixirPhaseInput,
  macroDataSchema,
  macroGuidelinesSchema,
  mealGroupIdInput,
  mealGroupTreeSchema,
  mealIdInput,
  mealRowSchema,
  mealSchema,
  pageInput,
  paginatedSchema,
} from '@evolution/shared';
import { macroGuidelines, ownMacroData } from '../../services/macros.ts';
import { elixirPhase, getMeal, listGroupMeals, mealGroupTree } from '../../services/nutrition.ts';
import { paginate } from '../../services/pagination.ts';
import { parseInput } from '../../validation.ts';
import { requireMember, requireUser, svc } from '../auth.ts';
import { doc } from '../openapi.ts';
import { pathParams } from '../params.ts';

const tags = ['Superhuman'];
const forbidden = 'Not on a plan with the superhuman channel, or the channel is switched off for this member';

/** The superhuman channel: meal groups, recipes, the Saturni Elixir, macro data and guidelines (member-and-public.md section 7). */
export async function superhumanRoutes(app: FastifyInstance) {
  app.get(
    '/user/meal/group',
    {
      schema: doc({
        summary: 'The Aliment tree: Elixirs, Major meals and Minor meals with their groups',
        tags,
        who: 'member',
        response: { 200: mealGroupTreeSchema, 403: forbidden },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      return mealGroupTree(svc(req, actor), actor.user);
    },
  );

  app.get(
    '/user/meal/group/:groupId/meals',
    {
      schema: doc({
        summary: 'The meals of a group in order, paged, each with a thumbnail',
        tags,
        who: 'member',
        params: mealGroupIdInput,
        query: pageInput,
        response: { 200: paginatedSchema(mealRowSchema), 403: forbidden, 404: SUPERHUMAN_MESSAGE.groupNotFound },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      const { groupId } = pathParams(mealGroupIdInput, req.params, SUPERHUMAN_MESSAGE.groupNotFound);
      const { page } = parseInput(pageInput, req.query);
      return paginate(
        await listGroupMeals(svc(req, actor), actor.me, groupId, page),
        `${req.server.config.appUrl}/api/user/meal/group/${groupId}/meals`,
      );
    },
  );

  app.get(
    '/user/meal/elixir/:phase',
    {
      schema: doc({
        summary: 'Phase 1 to 4 of the Saturni Elixir (the meals of Elixirs, in order)',
        tags,
        who: 'member',
        params: elixirPhaseInput,
        response: { 200: mealSchema, 403: forbidden, 404: SUPERHUMAN_MESSAGE.mealNotFound },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      return elixirPhase(
        svc(req, actor),
        actor.user,
        pathParams(elixirPhaseInput, req.params, SUPERHUMAN_MESSAGE.mealNotFound).phase,
      );
    },
  );

  app.get(
    '/user/meal/:id',
    {
      schema: doc({
        summary:
          'A meal: ingredients per serving (scale by servings), image, video, description and per-serving nutrition',
        tags,
        who: 'member',
        params: mealIdInput,
        response: { 200: mealSchema, 403: forbidden, 404: SUPERHUMAN_MESSAGE.mealNotFound },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      return getMeal(
        svc(req, actor),
        actor.user,
        pathParams(mealIdInput, req.params, SUPERHUMAN_MESSAGE.mealNotFound).id,
      );
    },
  );

  app.get(
    '/user/evolution/macro_data',
    {
      schema: doc({
        summary:
          "The member's daily macros and lean-mass ceiling (estimates), at the top level. 403 with the tier message without the superhuman plan or with micro_data off; 404 before a fact-find and a data analysis with body fat",
        tags,
        who: 'member',
        response: {
          200: macroDataSchema,
          403: SUPERHUMAN_MESSAGE.notEligible,
          404: SUPERHUMAN_MESSAGE.needsMeasurements,
        },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      return ownMacroData(svc(req, actor), actor.user);
    },
  );

  app.get(
    '/user/macro_guidelines',
    {
      schema: doc({
        summary: "The macro guidelines page, with the member's own macros when they have them (any signed-in user)",
        tags,
        who: 'user',
        response: { 200: macroGuidelinesSchema },
      }),
    },
    async (req) => {
      const actor = await requireUser(req);
      return macroGuidelines(svc(req, actor), actor.user);
    },
  );
}
