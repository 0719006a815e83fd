import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MEAL_MESSAGE,
  adminMealAnswerSchema,
  adminMealBody,
  adminMealDeletedSchema,
  adminMealGroupIdInput,
  adminMealIdInput,
  adminMealRowSchema,
  mealGroupTreeSchema,
  pageInput,
  paginatedSchema,
} from '@evolution/shared';
import type { Actor } from '../../../services/context.ts';
import { createMeal, deleteMeal, getAdminMeal, listAdminGroupMeals, updateMeal } from '../../../services/adminMeals.ts';
import { mealGroupTree } from '../../../services/nutrition.ts';
import { paginate } from '../../../services/pagination.ts';
import { parseInput } from '../../../validation.ts';
import { svc } from '../../auth.ts';
import { doc } from '../../openapi.ts';
import { pathParams } from '../../params.ts';

const tags = ['Admin: meals'];
/** The parent's preHandler has resolved the admin. */
const admin = (req: FastifyRequest) => svc(req, req.actor as Actor);
const mealId = (req: FastifyRequest) => pathParams(adminMealIdInput, req.params, MEAL_MESSAGE.notFound).id;

/** Admin meals (admin.md section 7 "Meals"), registered under /api/admin; the parent checks role 2. */
export async function adminMealRoutes(app: FastifyInstance) {
  app.get(
    '/meal/group',
    {
      schema: doc({
        summary: 'The Aliment tree of meal groups; a group without children holds meals',
        tags,
        who: 'admin',
        response: { 200: mealGroupTreeSchema },
      }),
    },
    async (req) => mealGroupTree(admin(req), (req.actor as Actor).user),
  );

  app.get(
    '/meal/group/:groupId/meals',
    {
      schema: doc({
        summary:
          "A group's meals in order, 10 a page, with ingredient counts, thumbnails and the Saturni Elixir's phases (the first four of Elixirs)",
        tags,
        who: 'admin',
        params: adminMealGroupIdInput,
        query: pageInput,
        response: { 200: paginatedSchema(adminMealRowSchema), 404: MEAL_MESSAGE.groupNotFound },
      }),
    },
    async (req) => {
      const { groupId } = pathParams(adminMealGroupIdInput, req.params, MEAL_MESSAGE.groupNotFound);
      const { page } = parseInput(pageInput, req.query);
      return paginate(
        await listAdminGroupMeals(admin(req), groupId, page),
        `${req.server.config.appUrl}/api/admin/meal/group/${groupId}/meals`,
      );
    },
  );

  app.get(
    '/meal/:id',
    {
      schema: doc({
        summary: 'One meal with ingredient1..12 / formula1..12 and the same as an ingredients list',
        tags,
        who: 'admin',
        params: adminMealIdInput,
        response: { 200: adminMealAnswerSchema, 404: MEAL_MESSAGE.notFound },
      }),
    },
    async (req) => getAdminMeal(admin(req), mealId(req)),
  );

  app.post(
    '/meal',
    {
      schema: doc({
        summary:
          'Adds a meal at the end of its group; image and video ids come from POST admin/meal/image and admin/meal/video',
        tags,
        who: 'admin',
        body: adminMealBody,
        response: { 201: adminMealAnswerSchema },
      }),
    },
    async (req, reply) => reply.status(201).send(await createMeal(admin(req), req.body)),
  );

  app.put(
    '/meal/:id',
    {
      schema: doc({
        summary:
          'Saves a meal; ingredients, media, video link and nutrition left out of the body are kept. A meal moved to another group goes last there; a Saturni Elixir phase stays in Elixirs (422)',
        tags,
        who: 'admin',
        params: adminMealIdInput,
        body: adminMealBody,
        response: { 200: adminMealAnswerSchema, 404: MEAL_MESSAGE.notFound },
      }),
    },
    async (req) => {
      const id = mealId(req);
      return updateMeal(admin(req), id, req.body);
    },
  );

  app.delete(
    '/meal/:id',
    {
      schema: doc({
        summary:
          "Deletes a meal. The Saturni Elixir's four phases cannot be deleted (409): members follow them in order",
        tags,
        who: 'admin',
        params: adminMealIdInput,
        response: { 200: adminMealDeletedSchema, 404: MEAL_MESSAGE.notFound, 409: MEAL_MESSAGE.elixirPhaseUndeletable },
      }),
    },
    async (req) => deleteMeal(admin(req), mealId(req)),
  );
}
