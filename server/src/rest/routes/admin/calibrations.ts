import type { FastifyInstance } from 'fastify';
import {
  CATALOGUE_MESSAGE,
  adminCalibrationListSchema,
  adminCalibrationSchema,
  adminChannelSchema,
  calibrationUpdateInput,
  catalogueIdInput,
  channelUpdateInput,
  exerciseTypeListSchema,
  formGroupOptionListSchema,
  muscleGroupListSchema,
  pageInput,
  paginatedSchema,
  vo2LevelSchema,
  vo2LevelUpdateInput,
} from '@evolution/shared';
import { z } from 'zod';
import {
  getAdminChannel,
  getCalibration,
  getVo2Level,
  listAdminChannels,
  listAllFormGroups,
  listCalibrations,
  listExerciseTypes,
  listMuscleGroups,
  listVo2Levels,
  updateAdminChannel,
  updateCalibration,
  updateVo2Level,
} from '../../../services/adminCatalogue.ts';
import { paginate } from '../../../services/pagination.ts';
import { doc } from '../../openapi.ts';
import { pathParams } from '../../params.ts';

const lookupTags = ['Admin: lookups'];
const calibrationTags = ['Admin: calibrations'];
const vo2Tags = ['Admin: VO2 max levels'];
const channelTags = ['Admin: channels and plans'];
const one = <T extends z.ZodType>(item: T) => z.object({ data: item });

/**
 * Admin REST calls of admin.md section 7 for the lookups, calibrations, VO2 max levels and channels with their plans
 * (registered under /api/admin, role 2 checked by the parent). admin/form_group/:id is the form group file's: Fastify
 * matches the static form_group/all here first.
 */
export async function adminCalibrationRoutes(app: FastifyInstance) {
  app.get(
    '/exercise_type',
    {
      schema: doc({
        summary: 'Every exercise type',
        tags: lookupTags,
        who: 'admin',
        response: { 200: exerciseTypeListSchema },
      }),
    },
    async (req) => listExerciseTypes(req.em),
  );

  app.get(
    '/muscle_group',
    {
      schema: doc({
        summary: 'Every muscle group with its short handle',
        tags: lookupTags,
        who: 'admin',
        response: { 200: muscleGroupListSchema },
      }),
    },
    async (req) => listMuscleGroups(req.em),
  );

  app.get(
    '/form_group/all',
    {
      schema: doc({
        summary: 'Every form group by name, not paged (for selects)',
        tags: lookupTags,
        who: 'admin',
        response: { 200: formGroupOptionListSchema },
      }),
    },
    async (req) => listAllFormGroups(req.em),
  );

  app.get(
    '/calibration',
    {
      schema: doc({
        summary: 'Every calibration (the max tests that place members on the ladders), not paged',
        tags: calibrationTags,
        who: 'admin',
        response: { 200: adminCalibrationListSchema },
      }),
    },
    async (req) => listCalibrations(req.em),
  );

  app.get(
    '/calibration/:id',
    {
      schema: doc({
        summary: 'A calibration',
        tags: calibrationTags,
        who: 'admin',
        params: catalogueIdInput,
        response: { 200: one(adminCalibrationSchema), 404: CATALOGUE_MESSAGE.calibrationNotFound },
      }),
    },
    async (req) =>
      getCalibration(req.em, pathParams(catalogueIdInput, req.params, CATALOGUE_MESSAGE.calibrationNotFound).id),
  );

  app.put(
    '/calibration/:id',
    {
      schema: doc({
        summary:
          "Edits a calibration; every field is required but muscle_group_id (omit it to keep, null to clear). Members' next calibration uses it (ladder start = amount / max). A form group has one calibration",
        tags: calibrationTags,
        who: 'admin',
        params: catalogueIdInput,
        body: calibrationUpdateInput,
        response: { 200: one(adminCalibrationSchema), 404: CATALOGUE_MESSAGE.calibrationNotFound },
      }),
    },
    async (req) =>
      updateCalibration(
        req.em,
        pathParams(catalogueIdInput, req.params, CATALOGUE_MESSAGE.calibrationNotFound).id,
        req.body,
      ),
  );

  app.get(
    '/vo2max',
    {
      schema: doc({
        summary: 'The VO2 max levels by rank, 10 a page',
        tags: vo2Tags,
        who: 'admin',
        query: pageInput,
        response: { 200: paginatedSchema(vo2LevelSchema) },
      }),
    },
    async (req) => paginate(await listVo2Levels(req.em, req.query), `${req.server.config.appUrl}/api/admin/vo2max`),
  );

  app.get(
    '/vo2max/:id',
    {
      schema: doc({
        summary: 'A VO2 max level',
        tags: vo2Tags,
        who: 'admin',
        params: catalogueIdInput,
        response: { 200: one(vo2LevelSchema), 404: CATALOGUE_MESSAGE.vo2NotFound },
      }),
    },
    async (req) => getVo2Level(req.em, pathParams(catalogueIdInput, req.params, CATALOGUE_MESSAGE.vo2NotFound).id),
  );

  app.patch(
    '/vo2max/:id',
    {
      schema: doc({
        summary:
          "Edits a VO2 max level. The ranges must tile the scale at one decimal (each level starts 0.1 above the one below ends; the lowest min and the highest max stay open, null): an overlap or a gap is a 422 naming the neighbour, unless move_neighbours is true, which moves the neighbours' adjoining bounds too. Recorded VO2 tests and chamber snapshots are relabelled in the new ranges",
        tags: vo2Tags,
        who: 'admin',
        params: catalogueIdInput,
        body: vo2LevelUpdateInput,
        response: { 200: one(vo2LevelSchema), 404: CATALOGUE_MESSAGE.vo2NotFound },
      }),
    },
    async (req) =>
      updateVo2Level(req.em, pathParams(catalogueIdInput, req.params, CATALOGUE_MESSAGE.vo2NotFound).id, req.body),
  );

  app.get(
    '/channel',
    {
      schema: doc({
        summary: 'The channels with their plans (prices, on sale, subscribers), 10 a page',
        tags: channelTags,
        who: 'admin',
        query: pageInput,
        response: { 200: paginatedSchema(adminChannelSchema) },
      }),
    },
    async (req) =>
      paginate(await listAdminChannels(req.em, req.query), `${req.server.config.appUrl}/api/admin/channel`),
  );

  app.get(
    '/channel/:id',
    {
      schema: doc({
        summary: 'A channel with its plans',
        tags: channelTags,
        who: 'admin',
        params: catalogueIdInput,
        response: { 200: one(adminChannelSchema), 404: CATALOGUE_MESSAGE.channelNotFound },
      }),
    },
    async (req) =>
      getAdminChannel(req.em, pathParams(catalogueIdInput, req.params, CATALOGUE_MESSAGE.channelNotFound).id),
  );

  app.put(
    '/channel/:id',
    {
      schema: doc({
        summary:
          "Renames a channel; optional plans [{id, amount (pounds), active (on sale)}]. A new price applies to new purchases and plan changes (with Stripe, a new Stripe Price); existing subscribers keep paying theirs. A plan off sale leaves /signup and /subscribe, its subscribers keep it. Immortal's plans never go on sale",
        tags: channelTags,
        who: 'admin',
        params: catalogueIdInput,
        body: channelUpdateInput,
        response: {
          200: one(adminChannelSchema),
          402: 'Stripe could not create the new price; nothing was changed',
          404: CATALOGUE_MESSAGE.channelNotFound,
        },
      }),
    },
    async (req) =>
      updateAdminChannel(
        { em: req.em, config: req.server.config },
        pathParams(catalogueIdInput, req.params, CATALOGUE_MESSAGE.channelNotFound).id,
        req.body,
      ),
  );
}
