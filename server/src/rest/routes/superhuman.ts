import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { dataAnswer } from '../../http/answers.ts';
import { routePage } from '../paging.ts';
import { route, signedInContext } from '../route.ts';

const tags = ['Superhuman'];
const forbidden = 'Not on a plan with the superhuman channel, or the channel is switched off for this member';
// What a route answering one meal says: its path names the meal (404 when none), refused without the channel.
const oneMeal = {
  notFound: SUPERHUMAN_MESSAGE.mealNotFound,
  response: { 200: mealSchema, 403: forbidden, 404: SUPERHUMAN_MESSAGE.mealNotFound },
};

/** The superhuman channel: meal groups, recipes, the Saturni Elixir, macro data and guidelines (docs/spec/member-and-public.md §7). */
export const superhumanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/meal/group',
    route({
      summary: 'The Aliment tree: Elixirs, Major meals and Minor meals with their groups',
      tags,
      who: 'member',
      response: { 200: mealGroupTreeSchema, 403: forbidden },
    }),
    async (req) => dataAnswer(await mealGroupTree(signedInContext(req))),
  );

  app.get(
    '/user/meal/group/:groupId/meals',
    route({
      summary: 'The meals of a group in order, paged, each with a thumbnail',
      tags,
      who: 'member',
      params: mealGroupIdInput,
      notFound: SUPERHUMAN_MESSAGE.groupNotFound,
      query: pageInput,
      response: { 200: paginatedSchema(mealRowSchema), 403: forbidden, 404: SUPERHUMAN_MESSAGE.groupNotFound },
    }),
    async (req) => routePage(req, await listGroupMeals(signedInContext(req), { ...req.query, ...req.params })),
  );

  app.get(
    '/user/meal/elixir/:phase',
    route({
      summary: 'Phase 1 to 4 of the Saturni Elixir (the meals of Elixirs, in order)',
      tags,
      who: 'member',
      params: elixirPhaseInput,
      ...oneMeal,
    }),
    async (req) => dataAnswer(await elixirPhase(signedInContext(req), req.params)),
  );

  app.get(
    '/user/meal/:id',
    route({
      summary:
        'A meal: ingredients per serving (scale by servings), image, video, description and per-serving nutrition',
      tags,
      who: 'member',
      params: mealIdInput,
      ...oneMeal,
    }),
    async (req) => dataAnswer(await getMeal(signedInContext(req), req.params)),
  );

  app.get(
    '/user/evolution/macro_data',
    route({
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
    (req) => ownMacroData(signedInContext(req)),
  );

  app.get(
    '/user/macro_guidelines',
    route({
      summary: "The macro guidelines page, with the member's own macros when they have them (any signed-in user)",
      tags,
      who: 'user',
      response: { 200: macroGuidelinesSchema },
    }),
    (req) => macroGuidelines(signedInContext(req)),
  );
};
