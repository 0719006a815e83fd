import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_MEMBER_MESSAGE,
  adminMemberChamberPath,
  adminMemberInput,
  applicationDetailsSchema,
  auditLogListInput,
  auditLogRowSchema,
  calibrationResultsSchema,
  chamberSchema,
  contactDetailsSchema,
  evolutionSchema,
  factFindingSchema,
  formLevelRowSchema,
  macroDataSchema,
  pageInput,
  paginatedSchema,
  workoutResultsInput,
  workoutResultsSchema,
} from '@evolution/shared';
import {
  adminApplicationDetails,
  adminCalibrationResults,
  adminChamber,
  adminContactDetails,
  adminEvolution,
  adminFactFinding,
  adminFormLevels,
  adminMacroData,
  adminWorkoutResults,
} from '../../../services/adminMembers.ts';
import { listAuditLog } from '../../../services/audit.ts';
import { dataAnswer } from '../../../http/answers.ts';
import { routePage } from '../../paging.ts';
import { route, signedInContext } from '../../route.ts';

const tags = ['Admin: member records'];
const missing = { 404: ADMIN_MEMBER_MESSAGE.memberNotFound };
// A path id that is no whole number names nobody: 404, as Laravel's route binding answers.
const member = { params: adminMemberInput, notFound: ADMIN_MEMBER_MESSAGE.memberNotFound };

/** A member's record as admins read it (docs/spec/admin.md §7 "Member data"), under /api/admin; role 2 checked by the parent. */
export const adminMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/:id/contact_details',
    route({
      summary: "The member's contact form in data",
      tags,
      who: 'admin',
      ...member,
      response: { 200: z.object({ data: contactDetailsSchema }), ...missing },
    }),
    async (req) => dataAnswer(await adminContactDetails(signedInContext(req), req.params)),
  );

  app.get(
    '/user/:id/evolution',
    route({
      summary: "The member's channel, start date, evolution, version and phase (the channel subscription tab)",
      tags,
      who: 'admin',
      ...member,
      response: { 200: evolutionSchema, ...missing },
    }),
    async (req) => dataAnswer(await adminEvolution(signedInContext(req), req.params)),
  );

  app.get(
    '/user/:id/evolution/calibration',
    route({
      summary: "The member's latest calibration: each test, the amount and the level it placed them on",
      tags,
      who: 'admin',
      ...member,
      response: { 200: calibrationResultsSchema, ...missing },
    }),
    (req) => adminCalibrationResults(signedInContext(req), req.params),
  );

  app.get(
    '/user/:id/evolution/workout_results',
    route({
      summary: "Every logged set of one of the member's evolutions (default the current one)",
      tags,
      who: 'admin',
      ...member,
      query: workoutResultsInput,
      response: { 200: workoutResultsSchema, ...missing },
    }),
    (req) => adminWorkoutResults(signedInContext(req), { ...req.query, ...req.params }),
  );

  app.get(
    '/user/:id/evolution/form',
    route({
      summary: "Form levels: the member's current form on each ladder, paged",
      tags,
      who: 'admin',
      ...member,
      query: pageInput,
      response: { 200: paginatedSchema(formLevelRowSchema), ...missing },
    }),
    async (req) => routePage(req, await adminFormLevels(signedInContext(req), { ...req.query, ...req.params })),
  );

  app.get(
    '/user/:id/evolution/macro_data',
    route({
      summary:
        "The member's macro figures at the top level, whatever their plan or micro_data flag. 404 'DATA COULD NOT BE FOUND.' before a fact-find and a data analysis. The read is written to the audit log.",
      tags,
      who: 'admin',
      ...member,
      response: {
        200: macroDataSchema,
        404: `${ADMIN_MEMBER_MESSAGE.noMacroData} / ${ADMIN_MEMBER_MESSAGE.memberNotFound}`,
      },
    }),
    (req) => adminMacroData(signedInContext(req), req.params),
  );

  app.get(
    '/user/:id/application_details',
    route({
      summary: "The member's PAR-Q in data (null before it is sent). A read is written to the audit log.",
      tags,
      who: 'admin',
      ...member,
      response: { 200: z.object({ data: applicationDetailsSchema.nullable() }), ...missing },
    }),
    async (req) => dataAnswer(await adminApplicationDetails(signedInContext(req), req.params)),
  );

  app.get(
    '/user/:id/fact_finding_details',
    route({
      summary:
        "The member's fact-find with desired_body_fat, in data.data (null before it is sent). A read is written to the audit log.",
      tags,
      who: 'admin',
      ...member,
      response: { 200: z.object({ data: z.object({ data: factFindingSchema.nullable() }) }), ...missing },
    }),
    async (req) => dataAnswer(dataAnswer(await adminFactFinding(signedInContext(req), req.params))),
  );

  app.get(
    '/user/:id/evolution/chamber/:page',
    route({
      summary:
        "Page n of the member's evolution chamber (the n-th snapshot, oldest first, photos as base64), whatever their evolution_page flag. The read is written to the audit log.",
      tags,
      who: 'admin',
      // The id first (no such member), then the page (no such snapshot: the service's 404).
      params: adminMemberChamberPath,
      notFound: ADMIN_MEMBER_MESSAGE.memberNotFound,
      response: {
        200: chamberSchema,
        404: `${ADMIN_MEMBER_MESSAGE.noData} / ${ADMIN_MEMBER_MESSAGE.memberNotFound}`,
      },
    }),
    (req) => adminChamber(signedInContext(req), req.params),
  );

  app.get(
    '/audit_log',
    route({
      summary: "Admins' reads of members' health data, newest first, paged; member_id and admin_id filter it",
      tags: ['Admin: audit log'],
      who: 'admin',
      query: auditLogListInput,
      response: { 200: paginatedSchema(auditLogRowSchema) },
    }),
    async (req) => {
      const { member_id, admin_id, ...page } = await listAuditLog(signedInContext(req), req.query);
      return routePage(req, page, { member_id, admin_id });
    },
  );
};
