import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  WARRIOR_MESSAGE,
  calibrationPayload,
  calibrationResultsSchema,
  categoryPagesInput,
  challengePayload,
  chamberInput,
  chamberSchema,
  chamberTrendSchema,
  dataAnalysisPayload,
  evolutionSchema,
  exercisesPayload,
  formGroupIdInput,
  formLevelRowSchema,
  idempotencyKey,
  imageUploadSchema,
  messageSchema,
  pageIdInput,
  pageInput,
  pageSchema,
  paginatedSchema,
  phaseDataSchema,
  phaseListInput,
  phaseListSchema,
  phasePathInput,
  submissionResultSchema,
  submitPhaseInput,
  trackInput,
  versionListSchema,
  videoSchema,
  vo2Payload,
  workoutResultsInput,
  workoutResultsSchema,
} from '@evolution/shared';
import { validationError } from '../../errors.ts';
import { chamberTrend } from '../../services/chamberTrend.ts';
import {
  assertEvolutionPage,
  calibrationResults,
  chamber,
  formLevels,
  getEvolution,
  workoutResults,
} from '../../services/evolution.ts';
import { mayUploadPhoto, readPhoto, uploadProgressPhoto } from '../../services/media.ts';
import { formGroupVideo, getPage, listCategoryPages, pageVideo } from '../../services/programme.ts';
import { getActivePhase, listTrackPhases, listVersions, maySubmit, submitPhase } from '../../services/training.ts';
import { dataAnswer } from '../../http/answers.ts';
import { routePage } from '../paging.ts';
import { parseInput } from '../../validation.ts';
import { asMultipartError, formBody } from '../formFields.ts';
import { doc } from '../openapi.ts';
import { route, signedInContext } from '../route.ts';

const tags = ['Warrior'];
const results = ['Evolution results'];
const content = ['Pages and videos'];

/** The first file of the `image` field, read within the multipart size limit; other files are drained. */
async function uploadedImage(req: FastifyRequest): Promise<Buffer | null> {
  if (!req.isMultipart()) return null;
  let image: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      if (part.fieldname === 'image' && !image) image = data;
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw validationError('image', WARRIOR_MESSAGE.imageTooLarge);
    throw asMultipartError(err);
  }
  return image;
}

const submissionBody = z.union([
  z
    .array(z.union([calibrationPayload.element, exercisesPayload.element, challengePayload.element]))
    .describe('exercise, exercises, challenge: entries (multipart: 0[amount], 0[form_id]…)'),
  vo2Payload.describe('vo2'),
  dataAnalysisPayload.describe('data-analysis'),
  z.object({}).describe('flexibility, recovery'),
]);

const submissionKeyHeader = z.object({
  'idempotency-key': idempotencyKey
    .optional()
    .describe(
      'A key the device made for this submission (8 to 64 letters, digits, - or _): every resend with it counts once and gets the first answer.',
    ),
});
const photoKeyHeader = z.object({
  'idempotency-key': idempotencyKey
    .optional()
    .describe(
      'A key the device made for this upload (8 to 64 letters, digits, - or _): every resend with it answers the first photo and stores nothing.',
    ),
});

/**
 * A phase submission's options: its body is described, not validated by Fastify, as it may be multipart and its
 * payload's schema is the phase type's (submitPhaseInput, read by the handler once the member may train).
 */
function submitRoute<P extends z.ZodType, H extends z.ZodType>(
  spec: Parameters<typeof route<undefined, undefined, P, H>>[0],
) {
  const options = route(spec);
  const described = doc({ summary: spec.summary, tags: spec.tags, who: spec.who, body: submissionBody });
  return { ...options, schema: { ...options.schema, body: described.body } };
}

/** The chamber's pages need the evolution_page flag: checked with the caller, before the path is read (403 before 404). */
function withEvolutionPage<R extends { preValidation?: unknown }>(options: R) {
  return {
    ...options,
    preValidation: [
      options.preValidation as preValidationAsyncHookHandler,
      async (req: FastifyRequest) => assertEvolutionPage(signedInContext(req)),
    ],
  };
}

/** The warrior channel, the member's evolution results, content pages and videos (docs/spec/member-and-public.md §7). */
export const warriorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/channel/warrior/general/evolution',
    route({
      summary: 'General versions, newest first; the current one is active',
      tags,
      who: 'member',
      response: { 200: versionListSchema },
    }),
    (req) => listVersions(signedInContext(req)),
  );

  app.get(
    '/user/channel/warrior/:type/version',
    route({
      summary: 'Phases of the track (general: of ?version, default the current one) with the active one',
      tags,
      who: 'member',
      params: trackInput,
      query: phaseListInput.pick({ version: true }),
      response: { 200: phaseListSchema, 404: 'Unknown track or version' },
    }),
    (req) => listTrackPhases(signedInContext(req), { ...req.query, ...req.params }),
  );

  app.get(
    '/user/channel/warrior/:type/phase',
    route({
      summary: 'The active phase: exercises, repeats, rounds, page and phase type; 409 on the other track',
      tags,
      who: 'member',
      params: trackInput,
      reads: { forms: true },
      response: { 200: phaseDataSchema, 409: 'Not on this track' },
    }),
    (req) => getActivePhase(signedInContext(req), req.params),
  );

  app.post(
    '/user/channel/warrior/:type/phase/:phaseType',
    submitRoute({
      summary:
        'Submit the active phase (multipart or JSON). An Idempotency-Key header makes every resend safe: a key already used is answered with its first answer (200, header idempotent-replayed), however the programme has moved since; 422 when it was used for another submission. Without a key, an optional page_id (body or query) makes a retry of the latest submit safe the same way. 409 when it is not the active phase.',
      tags,
      who: 'member',
      params: phasePathInput,
      headers: submissionKeyHeader,
      bind: maySubmit,
      response: { 200: submissionResultSchema, 409: 'Not the active phase' },
    }),
    async (req, reply) => {
      const body = await formBody(req);
      const pageId =
        (body && typeof body === 'object' && !Array.isArray(body)
          ? (body as { page_id?: unknown }).page_id
          : undefined) ?? (req.query as { page_id?: unknown }).page_id;
      // The body (multipart or JSON) is read only once the member may train, so its one parse is here.
      const input = parseInput(submitPhaseInput, {
        ...req.params,
        page_id: pageId,
        data: body,
        idempotency_key: req.headers['idempotency-key'],
      });
      const { body: result, replayed } = await submitPhase(signedInContext(req), input);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return result;
    },
  );

  app.post(
    '/user/image',
    {
      ...route({
        summary:
          'Upload a progress photo (multipart field image, up to 10 MB); stored re-encoded as JPEG without metadata. An Idempotency-Key header already used answers the same image id (header idempotent-replayed) and stores nothing. 20 uploads an hour (429), 30 photos waiting for a submission (422); those are deleted a day after upload.',
        tags,
        who: 'member',
        headers: photoKeyHeader,
        upload: z.object({ image: z.file().describe('A picture: JPEG, PNG, WebP, HEIF, AVIF, TIFF or GIF') }),
        bind: mayUploadPhoto,
        response: { 201: imageUploadSchema, 429: messageSchema },
      }),
      config: { takesUploads: true },
    },
    async (req, reply) => {
      const { body, replayed } = await uploadProgressPhoto(signedInContext(req), {
        idempotency_key: req.headers['idempotency-key'],
        image: () => uploadedImage(req),
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(body);
    },
  );

  app.get(
    '/user/image/:id',
    route({
      summary:
        "A progress photo (image/jpeg) for its owner, or an admin (the read is audited); another member's is 403",
      tags,
      who: 'user',
      params: pageIdInput,
      response: { 200: 'image/jpeg', 404: 'Not found' },
    }),
    async (req, reply) => {
      const photo = await readPhoto(signedInContext(req), req.params);
      // A member's body, read with a token: never kept by a browser's or a proxy's cache.
      return reply.type(photo.mime).header('cache-control', 'private, no-store').send(photo.data);
    },
  );

  app.get(
    '/user/evolution',
    route({
      summary: 'Programme state: evolution, version, phase, calibration due, work volume, channel and start date',
      tags: results,
      who: 'member',
      response: { 200: evolutionSchema },
    }),
    async (req) => dataAnswer(await getEvolution(signedInContext(req))),
  );

  app.get(
    '/user/evolution/calibration',
    route({
      summary: 'The latest calibration: each test, the amount and the level it placed the member on',
      tags: results,
      who: 'member',
      response: { 200: calibrationResultsSchema },
    }),
    (req) => calibrationResults(signedInContext(req)),
  );

  app.get(
    '/user/evolution/workout_results',
    route({
      summary: 'Every logged set of an evolution (default the current one)',
      tags: results,
      who: 'member',
      query: workoutResultsInput,
      response: { 200: workoutResultsSchema },
    }),
    (req) => workoutResults(signedInContext(req), req.query),
  );

  app.get(
    '/user/evolution/forms',
    route({
      summary: "Form levels: the member's current form on each ladder, paged",
      tags: results,
      who: 'member',
      query: pageInput,
      response: { 200: paginatedSchema(formLevelRowSchema) },
    }),
    async (req) => routePage(req, await formLevels(signedInContext(req), req.query)),
  );

  app.get(
    '/user/evolution/chamber/:page',
    withEvolutionPage(
      route({
        summary: 'Evolution chamber page n: the n-th snapshot, oldest first (v{evolution}.{version})',
        tags: results,
        who: 'member',
        params: chamberInput,
        response: { 200: chamberSchema, 404: WARRIOR_MESSAGE.noResults },
      }),
    ),
    (req) => chamber(signedInContext(req), req.params),
  );

  app.get(
    '/user/evolution/trend',
    withEvolutionPage(
      route({
        summary: 'Weight, body fat and VO2 of every chamber snapshot, in chamber page order (no photos)',
        tags: results,
        who: 'member',
        response: { 200: chamberTrendSchema },
      }),
    ),
    async (req) => dataAnswer(await chamberTrend(signedInContext(req))),
  );

  app.get(
    '/user/page/:id',
    route({
      summary: 'A content page (introductions 97, 1, 2; technique guides; phases)',
      tags: content,
      who: 'member',
      params: pageIdInput,
      response: { 200: pageSchema, 404: 'Page not found.' },
    }),
    (req) => getPage(signedInContext(req), req.params),
  );

  app.get(
    '/user/page/category/:categoryId/pages',
    route({
      summary: 'Pages of a category, paged (technique guides: category 4)',
      tags: content,
      who: 'member',
      params: categoryPagesInput.pick({ categoryId: true }),
      query: pageInput,
      response: { 200: paginatedSchema(pageSchema), 404: 'Page category not found.' },
    }),
    async (req) => routePage(req, await listCategoryPages(signedInContext(req), { ...req.query, ...req.params })),
  );

  app.get(
    '/storage/page/:id/video',
    route({
      summary: "A page's video: uploaded video id and/or video host link; 404 when it has none",
      tags: content,
      who: 'user',
      params: pageIdInput,
      response: { 200: videoSchema, 404: 'No video' },
    }),
    async (req) => dataAnswer(await pageVideo(signedInContext(req), req.params)),
  );

  app.get(
    '/storage/form/:formGroupId/video',
    route({
      summary: "A form group's demonstration video; 404 when it has none",
      tags: content,
      who: 'user',
      params: formGroupIdInput,
      response: { 200: videoSchema, 404: 'No video' },
    }),
    async (req) => dataAnswer(await formGroupVideo(signedInContext(req), req.params)),
  );
};
