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
import { adminResourceRoutes } from '../../resource.ts';
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

  adminResourceRoutes(app, '/calibration', {
    tags: calibrationTags,
    ...calibration,
    show: {
      summary: 'A calibration',
      answer: one(adminCalibrationSchema),
      service: getCalibration,
    },
    edit: {
      method: 'put',
      summary:
        "Edits a calibration; every field is required but muscle_group_id (omit it to keep, null to clear). Members' next calibration uses it (ladder start = amount / max). A form group has one calibration",
      body: calibrationUpdateInput,
      answer: one(adminCalibrationSchema),
      service: updateCalibration,
    },
  });

  adminResourceRoutes(app, '/vo2max', {
    tags: vo2Tags,
    ...vo2Level,
    list: {
      summary: 'The VO2 max levels by rank, 10 a page',
      query: pageInput,
      answer: paginatedSchema(vo2LevelSchema),
      service: listVo2Levels,
    },
    show: {
      summary: 'A VO2 max level',
      answer: one(vo2LevelSchema),
      service: getVo2Level,
    },
    edit: {
      method: 'patch',
      summary:
        "Edits a VO2 max level. The ranges must tile the scale at one decimal (each level starts 0.1 above the one below ends; the lowest min and the highest max stay open, null): an overlap or a gap is a 422 naming the neighbour, unless move_neighbours is true, which moves the neighbours' adjoining bounds too. Recorded VO2 tests and chamber snapshots are relabelled in the new ranges",
      body: vo2LevelUpdateInput,
      answer: one(vo2LevelSchema),
      service: updateVo2Level,
    },
  });

  adminResourceRoutes(app, '/channel', {
    tags: channelTags,
    ...channel,
    list: {
      summary: 'The channels with their plans (prices, on sale, subscribers), 10 a page',
      query: pageInput,
      answer: paginatedSchema(adminChannelSchema),
      service: listAdminChannels,
    },
    show: {
      summary: 'A channel with its plans',
      answer: one(adminChannelSchema),
      service: getAdminChannel,
    },
    edit: {
      method: 'put',
      summary:
        "Renames a channel, and its plans named after it (Warrior monthly becomes {name} monthly); optional plans [{id, amount (pounds), active (on sale)}]. A new price applies to new purchases and plan changes (with Stripe, a new Stripe Price); existing subscribers keep paying theirs. A plan off sale leaves /signup and /subscribe, its subscribers keep it. Immortal's plans never go on sale",
      body: channelUpdateInput,
      answer: one(adminChannelSchema),
      refusals: { 402: 'Stripe could not create the new price; nothing was changed' },
      service: updateAdminChannel,
    },
  });
};
