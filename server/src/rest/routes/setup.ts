import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  applicationDetailsInput,
  applicationDetailsSchema,
  factFindingInput,
  factFindingSchema,
  messageSchema,
  setupStepSchema,
} from '@evolution/shared';
import {
  getApplicationDetails,
  getFactFinding,
  submitApplicationDetails,
  submitFactFinding,
} from '../../services/setup.ts';
import { requireMember, svc } from '../auth.ts';
import { doc } from '../openapi.ts';

const tags = ['Setup'];
const outOfOrder = { 409: messageSchema };

/** The initial setup: PAR-Q (step 1) and fact-find (step 2); out-of-order or repeated steps are refused with 409. */
export async function setupRoutes(app: FastifyInstance) {
  app.addHook('preHandler', async (req) => {
    req.actor = await requireMember(req);
  });
  app.get(
    '/user/application_details',
    {
      schema: doc({
        summary: 'The PAR-Q as sent; data is null before that',
        tags,
        who: 'member',
        response: { 200: z.object({ data: applicationDetailsSchema.nullable() }) },
      }),
    },
    async (req) => ({ data: await getApplicationDetails(svc(req, req.actor), req.actor!) }),
  );
  app.post(
    '/user/application_details',
    {
      schema: doc({
        summary: 'Setup step 1: the PAR-Q; moves the member to step 2',
        tags,
        who: 'member',
        body: applicationDetailsInput,
        response: { 200: setupStepSchema.extend({ data: applicationDetailsSchema }), ...outOfOrder },
      }),
    },
    (req) => submitApplicationDetails(svc(req, req.actor), req.actor!, req.body),
  );
  app.get(
    '/user/fact_finding_details',
    {
      schema: doc({
        summary: 'The fact-find, in data.data (null before it is sent)',
        tags,
        who: 'member',
        response: { 200: z.object({ data: z.object({ data: factFindingSchema.nullable() }) }) },
      }),
    },
    async (req) => ({ data: { data: await getFactFinding(svc(req, req.actor), req.actor!) } }),
  );
  app.post(
    '/user/fact_finding_details',
    {
      schema: doc({
        summary: 'Setup step 2: the fact-find (desired_body_fat follows the aesthetic); ends setup',
        tags,
        who: 'member',
        body: factFindingInput,
        response: { 200: setupStepSchema.extend({ data: factFindingSchema }), ...outOfOrder },
      }),
    },
    (req) => submitFactFinding(svc(req, req.actor), req.actor!, req.body),
  );
}
