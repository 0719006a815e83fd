import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicationDetailsInput,
  applicationDetailsSchema,
  factFindingInput,
  factFindingSchema,
  messageSchema,
  setupStepSchema,
} from '@evolution/shared';
import { dataAnswer } from '../../http/answers.ts';
import {
  getApplicationDetails,
  getFactFinding,
  submitApplicationDetails,
  submitFactFinding,
} from '../../services/setup.ts';
import { route, signedInContext } from '../route.ts';

const tags = ['Setup'];
const outOfOrder = { 409: messageSchema };

/** The initial setup: PAR-Q (step 1) and fact-find (step 2); out-of-order or repeated steps are refused with 409. */
export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/application_details',
    route({
      summary: 'The PAR-Q as sent; data is null before that',
      tags,
      who: 'member',
      response: { 200: z.object({ data: applicationDetailsSchema.nullable() }) },
    }),
    async (req) => dataAnswer(await getApplicationDetails(signedInContext(req))),
  );
  app.post(
    '/user/application_details',
    route({
      summary: 'Setup step 1: the PAR-Q; moves the member to step 2',
      tags,
      who: 'member',
      body: applicationDetailsInput,
      response: { 200: setupStepSchema.extend({ data: applicationDetailsSchema }), ...outOfOrder },
    }),
    async (req) => submitApplicationDetails(signedInContext(req), req.body),
  );
  app.get(
    '/user/fact_finding_details',
    route({
      summary: 'The fact-find, in data.data (null before it is sent)',
      tags,
      who: 'member',
      response: { 200: z.object({ data: z.object({ data: factFindingSchema.nullable() }) }) },
    }),
    async (req) => dataAnswer(dataAnswer(await getFactFinding(signedInContext(req)))),
  );
  app.post(
    '/user/fact_finding_details',
    route({
      summary: 'Setup step 2: the fact-find (desired_body_fat follows the aesthetic); ends setup',
      tags,
      who: 'member',
      body: factFindingInput,
      response: { 200: setupStepSchema.extend({ data: factFindingSchema }), ...outOfOrder },
    }),
    async (req) => submitFactFinding(signedInContext(req), req.body),
  );
};
