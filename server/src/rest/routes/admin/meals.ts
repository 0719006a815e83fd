import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MEAL_MESSAGE,
  adminMealAnswerSchema,
  adminMealCreateInput,
  adminMealDeletedSchema,
  adminMealGroupIdInput,
  adminMealIdInput,
  adminMealRowSchema,
  adminMealUpdateInput,
  mealGroupTreeSchema,
  pageInput,
  paginatedSchema,
} from '@evolution/shared';
import {
  createMeal,
  deleteMeal,
  getAdminMeal,
  listAdminGroupMeals,
  mealExists,
  updateMeal,
} from '../../../services/adminMeals.ts';
import { mealGroupTree } from '../../../services/nutrition.ts';
import { dataAnswer } from '../../../http/answers.ts';
import { routePage } from '../../paging.ts';
import { adminResourceRoutes } from '../../resource.ts';
import { route, signedInContext } from '../../route.ts';

const tags = ['Admin: meals'];
// The path's meal: an id that names none is a 404 with its message.
const meal = { params: adminMealIdInput, notFound: MEAL_MESSAGE.notFound };

/** Admin meals (docs/spec/admin.md §7 "Meals"), registered under /api/admin; the parent checks role 2. */
export const adminMealRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/meal/group',
    route({
      summary: 'The Aliment tree of meal groups; a group without children holds meals',
      tags,
      who: 'admin',
      response: { 200: mealGroupTreeSchema },
    }),
    async (req) => dataAnswer(await mealGroupTree(signedInContext(req))),
  );

  app.get(
    '/meal/group/:groupId/meals',
    route({
      summary:
        "A group's meals in order, 10 a page, with ingredient counts, thumbnails and the Saturni Elixir's phases (the first four of Elixirs)",
      tags,
      who: 'admin',
      params: adminMealGroupIdInput,
      notFound: MEAL_MESSAGE.groupNotFound,
      query: pageInput,
      response: { 200: paginatedSchema(adminMealRowSchema), 404: MEAL_MESSAGE.groupNotFound },
    }),
    async (req) => routePage(req, await listAdminGroupMeals(signedInContext(req), { ...req.params, ...req.query })),
  );

  adminResourceRoutes(app, '/meal', {
    tags,
    ...meal,
    show: {
      summary: 'One meal with ingredient1..12 / formula1..12 and the same as an ingredients list',
      answer: adminMealAnswerSchema,
      service: getAdminMeal,
    },
    edit: {
      method: 'put',
      summary:
        'Saves a meal; ingredients, media, video link and nutrition left out of the body are kept. A meal moved to another group goes last there; a Saturni Elixir phase stays in Elixirs (422)',
      bind: mealExists,
      body: adminMealUpdateInput,
      answer: adminMealAnswerSchema,
      service: updateMeal,
    },
    remove: {
      summary: "Deletes a meal. The Saturni Elixir's four phases cannot be deleted (409): members follow them in order",
      answer: adminMealDeletedSchema,
      conflict: MEAL_MESSAGE.elixirPhaseUndeletable,
      service: deleteMeal,
    },
  });

  // Not the resource's create: the document has always listed /meal/{id} before /meal.
  app.post(
    '/meal',
    route({
      summary:
        'Adds a meal at the end of its group; image and video ids come from POST admin/meal/image and admin/meal/video',
      tags,
      who: 'admin',
      body: adminMealCreateInput,
      response: { 201: adminMealAnswerSchema },
    }),
    async (req, reply) => reply.status(201).send(dataAnswer(await createMeal(signedInContext(req), req.body))),
  );
};
