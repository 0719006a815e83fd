import type { FastifyInstance, FastifyRequest } from 'fastify';
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
  pageIdInput,
  pageInput,
  pageSchema,
  paginatedSchema,
  phaseDataSchema,
  phaseListInput,
  phaseListSchema,
  phasePathInput,
  submissionResultSchema,
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
import { readPhoto, uploadProgressPhoto } from '../../services/media.ts';
import { paginate } from '../../services/pagination.ts';
import { formGroupVideo, getPage, listCategoryPages, pageVideo } from '../../services/programme.ts';
import { getActivePhase, listTrackPhases, listVersions, submitPhase } from '../../services/training.ts';
import { parseInput } from '../../validation.ts';
import { requireMember, requireUser, svc } from '../auth.ts';
import { formBody } from '../formFields.ts';
import { doc } from '../openapi.ts';
import { pathParams } from '../params.ts';

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
    throw err;
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
  'Idempotency-Key': idempotencyKey
    .optional()
    .describe(
      'A key the device made for this submission (8 to 64 letters, digits, - or _): every resend with it counts once and gets the first answer.',
    ),
});
const photoKeyHeader = z.object({
  'Idempotency-Key': idempotencyKey
    .optional()
    .describe(
      'A key the device made for this upload (8 to 64 letters, digits, - or _): every resend with it answers the first photo and stores nothing.',
    ),
});

/** The warrior channel, the member's evolution results, content pages and videos (member-and-public.md section 7). */
export async function warriorRoutes(app: FastifyInstance) {
  app.get(
    '/user/channel/warrior/general/evolution',
    {
      schema: doc({
        summary: 'General versions, newest first; the current one is active',
        tags,
        who: 'member',
        response: { 200: versionListSchema },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      return listVersions(svc(req, actor), actor);
    },
  );

  app.get(
    '/user/channel/warrior/:type/version',
    {
      schema: doc({
        summary: 'Phases of the track (general: of ?version, default the current one) with the active one',
        tags,
        who: 'member',
        params: trackInput,
        query: phaseListInput.pick({ version: true }),
        response: { 200: phaseListSchema, 404: 'Unknown track or version' },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      const { type } = pathParams(trackInput, req.params);
      return listTrackPhases(svc(req, actor), actor, { ...(req.query as object), type });
    },
  );

  app.get(
    '/user/channel/warrior/:type/phase',
    {
      schema: doc({
        summary: 'The active phase: exercises, repeats, rounds, page and phase type; 409 on the other track',
        tags,
        who: 'member',
        params: trackInput,
        response: { 200: phaseDataSchema, 409: 'Not on this track' },
      }),
    },
    async (req) => {
      const actor = await requireMember(req, { forms: true });
      return getActivePhase(svc(req, actor), actor, pathParams(trackInput, req.params));
    },
  );

  app.post(
    '/user/channel/warrior/:type/phase/:phaseType',
    {
      schema: doc({
        summary:
          'Submit the active phase (multipart or JSON). An Idempotency-Key header makes every resend safe: a key already used is answered with its first answer (200, header idempotent-replayed), however the programme has moved since; 422 when it was used for another submission. Without a key, an optional page_id (body or query) makes a retry of the latest submit safe the same way. 409 when it is not the active phase.',
        tags,
        who: 'member',
        params: phasePathInput,
        headers: submissionKeyHeader,
        body: submissionBody,
        response: { 200: submissionResultSchema, 409: 'Not the active phase' },
      }),
    },
    async (req, reply) => {
      const actor = await requireMember(req);
      const path = pathParams(phasePathInput, req.params);
      const { body: result, replayed } = await submitPhase(svc(req, actor), actor, async () => {
        const body = await formBody(req);
        const pageId =
          (body && typeof body === 'object' && !Array.isArray(body)
            ? (body as { page_id?: unknown }).page_id
            : undefined) ?? (req.query as { page_id?: unknown }).page_id;
        return { ...path, page_id: pageId, data: body, idempotency_key: req.headers['idempotency-key'] };
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return result;
    },
  );

  app.post(
    '/user/image',
    {
      schema: doc({
        summary:
          'Upload a progress photo (multipart field image, up to 10 MB); stored re-encoded as JPEG without metadata. An Idempotency-Key header already used answers the same image id (header idempotent-replayed) and stores nothing.',
        tags,
        who: 'member',
        headers: photoKeyHeader,
        response: { 201: imageUploadSchema },
      }),
    },
    async (req, reply) => {
      const actor = await requireMember(req);
      const { body, replayed } = await uploadProgressPhoto(
        svc(req, actor),
        actor,
        () => uploadedImage(req),
        req.headers['idempotency-key'],
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(body);
    },
  );

  app.get(
    '/user/image/:id',
    {
      schema: doc({
        summary:
          "A progress photo (image/jpeg) for its owner, or an admin (the read is audited); another member's is 403",
        tags,
        who: 'user',
        params: pageIdInput,
        response: { 200: 'image/jpeg', 404: 'Not found' },
      }),
    },
    async (req, reply) => {
      const actor = await requireUser(req);
      const photo = await readPhoto(svc(req, actor), actor, pathParams(pageIdInput, req.params).id);
      return reply.type(photo.mime).header('cache-control', 'private, max-age=3600').send(photo.data);
    },
  );

  app.get(
    '/user/evolution',
    {
      schema: doc({
        summary: 'Programme state: evolution, version, phase, calibration due, work volume, channel and start date',
        tags: results,
        who: 'member',
        response: { 200: evolutionSchema },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      return getEvolution(svc(req, actor), actor.user);
    },
  );

  app.get(
    '/user/evolution/calibration',
    {
      schema: doc({
        summary: 'The latest calibration: each test, the amount and the level it placed the member on',
        tags: results,
        who: 'member',
        response: { 200: calibrationResultsSchema },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      return calibrationResults(svc(req, actor), actor.user.id);
    },
  );

  app.get(
    '/user/evolution/workout_results',
    {
      schema: doc({
        summary: 'Every logged set of an evolution (default the current one)',
        tags: results,
        who: 'member',
        query: workoutResultsInput,
        response: { 200: workoutResultsSchema },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      return workoutResults(svc(req, actor), actor.user, req.query);
    },
  );

  app.get(
    '/user/evolution/forms',
    {
      schema: doc({
        summary: "Form levels: the member's current form on each ladder, paged",
        tags: results,
        who: 'member',
        query: pageInput,
        response: { 200: paginatedSchema(formLevelRowSchema) },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      const { page } = parseInput(pageInput, req.query);
      return paginate(
        await formLevels(svc(req, actor), actor.user.id, page),
        `${req.server.config.appUrl}/api/user/evolution/forms`,
      );
    },
  );

  app.get(
    '/user/evolution/chamber/:page',
    {
      schema: doc({
        summary: 'Evolution chamber page n: the n-th snapshot, oldest first (v{evolution}.{version})',
        tags: results,
        who: 'member',
        params: chamberInput,
        response: { 200: chamberSchema, 404: WARRIOR_MESSAGE.noResults },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      assertEvolutionPage(actor.me);
      return chamber(svc(req, actor), actor.me.id, pathParams(chamberInput, req.params));
    },
  );

  app.get(
    '/user/evolution/trend',
    {
      schema: doc({
        summary: 'Weight, body fat and VO2 of every chamber snapshot, in chamber page order (no photos)',
        tags: results,
        who: 'member',
        response: { 200: chamberTrendSchema },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      assertEvolutionPage(actor.user);
      return chamberTrend(svc(req, actor), actor.user.id);
    },
  );

  app.get(
    '/user/page/:id',
    {
      schema: doc({
        summary: 'A content page (introductions 97, 1, 2; technique guides; phases)',
        tags: content,
        who: 'member',
        params: pageIdInput,
        response: { 200: pageSchema, 404: 'Page not found.' },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      return getPage(req.em, actor.user, pathParams(pageIdInput, req.params).id, req.server.config);
    },
  );

  app.get(
    '/user/page/category/:categoryId/pages',
    {
      schema: doc({
        summary: 'Pages of a category, paged (technique guides: category 4)',
        tags: content,
        who: 'member',
        params: categoryPagesInput.pick({ categoryId: true }),
        query: pageInput,
        response: { 200: paginatedSchema(pageSchema), 404: 'Page category not found.' },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      const { categoryId } = pathParams(categoryPagesInput.pick({ categoryId: true }), req.params);
      const { page } = parseInput(pageInput, req.query);
      return paginate(
        await listCategoryPages(req.em, actor.user, categoryId, page, req.server.config),
        `${req.server.config.appUrl}/api/user/page/category/${categoryId}/pages`,
      );
    },
  );

  app.get(
    '/storage/page/:id/video',
    {
      schema: doc({
        summary: "A page's video: uploaded video id and/or video host link; 404 when it has none",
        tags: content,
        who: 'user',
        params: pageIdInput,
        response: { 200: videoSchema, 404: 'No video' },
      }),
    },
    async (req) => {
      const actor = await requireUser(req);
      return pageVideo(req.em, actor.user, pathParams(pageIdInput, req.params).id, req.server.config);
    },
  );

  app.get(
    '/storage/form/:formGroupId/video',
    {
      schema: doc({
        summary: "A form group's demonstration video; 404 when it has none",
        tags: content,
        who: 'user',
        params: formGroupIdInput,
        response: { 200: videoSchema, 404: 'No video' },
      }),
    },
    async (req) => {
      const actor = await requireUser(req);
      return formGroupVideo(
        req.em,
        actor.user,
        pathParams(formGroupIdInput, req.params).formGroupId,
        req.server.config,
      );
    },
  );
}
