import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { dataAnswer } from '../../../http/answers.ts';
import { routePage } from '../../answers.ts';
import { route, signedInContext } from '../../route.ts';
import type { SignedInContext } from '../../../services/context.ts';

const lookupTags = ['Admin: lookups'];
const calibrationTags = ['Admin: calibrations'];
const vo2Tags = ['Admin: VO2 max levels'];
const channelTags = ['Admin: channels and plans'];
const one = <T extends z.ZodType>(item: T) => z.object({ data: item });
type List = (ctx: SignedInContext) => Promise<unknown[]>;
// The record a path names: an id that names none is a 404 with its message.
const calibration = { params: catalogueIdInput, notFound: CATALOGUE_MESSAGE.calibrationNotFound };
const vo2Level = { params: catalogueIdInput, notFound: CATALOGUE_MESSAGE.vo2NotFound };
const channel = { params: catalogueIdInput, notFound: CATALOGUE_MESSAGE.channelNotFound };

/** The lists the admin's selects and the calibration screen read whole, one GET each. */
const LOOKUPS: { path: string; summary: string; tags: string[]; answer: z.ZodType; list: List }[] = [
  {
    path: '/exercise_type',
    summary: 'Every exercise type',
    tags: lookupTags,
    answer: exerciseTypeListSchema,
    list: listExerciseTypes,
  },
  {
    path: '/muscle_group',
    summary: 'Every muscle group with its short handle',
    tags: lookupTags,
    answer: muscleGroupListSchema,
    list: listMuscleGroups,
  },
  {
    path: '/form_group/all',
    summary: 'Every form group by name, not paged (for selects)',
    tags: lookupTags,
    answer: formGroupOptionListSchema,
    list: listAllFormGroups,
  },
  {
    path: '/calibration',
    summary: 'Every calibration (the max tests that place members on the ladders), not paged',
    tags: calibrationTags,
    answer: adminCalibrationListSchema,
    list: listCalibrations,
  },
];

/**
 * Admin REST calls of docs/spec/admin.md §7 for the lookups, calibrations, VO2 max levels and channels with their plans
 * (registered under /api/admin, role 2 checked by the parent). admin/form_group/:id is the form group file's: Fastify
 * matches the static form_group/all here first.
 */
export const adminCalibrationRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const lookup of LOOKUPS)
    app.get(
      lookup.path,
      route({ summary: lookup.summary, tags: lookup.tags, who: 'admin', response: { 200: lookup.answer } }),
      async (req) => dataAnswer(await lookup.list(signedInContext(req))),
    );

  app.get(
    '/calibration/:id',
    route({
      summary: 'A calibration',
      tags: calibrationTags,
      who: 'admin',
      ...calibration,
      response: { 200: one(adminCalibrationSchema), 404: CATALOGUE_MESSAGE.calibrationNotFound },
    }),
    async (req) => dataAnswer(await getCalibration(signedInContext(req), req.params)),
  );

  app.put(
    '/calibration/:id',
    route({
      summary:
        "Edits a calibration; every field is required but muscle_group_id (omit it to keep, null to clear). Members' next calibration uses it (ladder start = amount / max). A form group has one calibration",
      tags: calibrationTags,
      who: 'admin',
      ...calibration,
      body: calibrationUpdateInput,
      response: { 200: one(adminCalibrationSchema), 404: CATALOGUE_MESSAGE.calibrationNotFound },
    }),
    async (req) => dataAnswer(await updateCalibration(signedInContext(req), { ...req.params, ...req.body })),
  );

  app.get(
    '/vo2max',
    route({
      summary: 'The VO2 max levels by rank, 10 a page',
      tags: vo2Tags,
      who: 'admin',
      query: pageInput,
      response: { 200: paginatedSchema(vo2LevelSchema) },
    }),
    async (req) => routePage(req, await listVo2Levels(signedInContext(req), req.query)),
  );

  app.get(
    '/vo2max/:id',
    route({
      summary: 'A VO2 max level',
      tags: vo2Tags,
      who: 'admin',
      ...vo2Level,
      response: { 200: one(vo2LevelSchema), 404: CATALOGUE_MESSAGE.vo2NotFound },
    }),
    async (req) => dataAnswer(await getVo2Level(signedInContext(req), req.params)),
  );

  app.patch(
    '/vo2max/:id',
    route({
      summary:
        "Edits a VO2 max level. The ranges must tile the scale at one decimal (each level starts 0.1 above the one below ends; the lowest min and the highest max stay open, null): an overlap or a gap is a 422 naming the neighbour, unless move_neighbours is true, which moves the neighbours' adjoining bounds too. Recorded VO2 tests and chamber snapshots are relabelled in the new ranges",
      tags: vo2Tags,
      who: 'admin',
      ...vo2Level,
      body: vo2LevelUpdateInput,
      response: { 200: one(vo2LevelSchema), 404: CATALOGUE_MESSAGE.vo2NotFound },
    }),
    async (req) => dataAnswer(await updateVo2Level(signedInContext(req), { ...req.params, ...req.body })),
  );

  app.get(
    '/channel',
    route({
      summary: 'The channels with their plans (prices, on sale, subscribers), 10 a page',
      tags: channelTags,
      who: 'admin',
      query: pageInput,
      response: { 200: paginatedSchema(adminChannelSchema) },
    }),
    async (req) => routePage(req, await listAdminChannels(signedInContext(req), req.query)),
  );

  app.get(
    '/channel/:id',
    route({
      summary: 'A channel with its plans',
      tags: channelTags,
      who: 'admin',
      ...channel,
      response: { 200: one(adminChannelSchema), 404: CATALOGUE_MESSAGE.channelNotFound },
    }),
    async (req) => dataAnswer(await getAdminChannel(signedInContext(req), req.params)),
  );

  app.put(
    '/channel/:id',
    route({
      summary:
        "Renames a channel, and its plans named after it (Warrior monthly becomes {name} monthly); optional plans [{id, amount (pounds), active (on sale)}]. A new price applies to new purchases and plan changes (with Stripe, a new Stripe Price); existing subscribers keep paying theirs. A plan off sale leaves /signup and /subscribe, its subscribers keep it. Immortal's plans never go on sale",
      tags: channelTags,
      who: 'admin',
      ...channel,
      body: channelUpdateInput,
      response: {
        200: one(adminChannelSchema),
        402: 'Stripe could not create the new price; nothing was changed',
        404: CATALOGUE_MESSAGE.channelNotFound,
      },
    }),
    async (req) => dataAnswer(await updateAdminChannel(signedInContext(req), { ...req.params, ...req.body })),
  );
};
