import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ADMIN_MEMBER_MESSAGE,
  adminMemberChamberInput,
  adminMemberInput,
  applicationDetailsSchema,
  auditLogListInput,
  auditLogRowSchema,
  calibrationResultsSchema,
  chamberInput,
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
import { paginate } from '../../../services/pagination.ts';
import { svc } from '../../auth.ts';
import { doc } from '../../openapi.ts';
import { pathParams } from '../../params.ts';

const tags = ['Admin: member records'];
const missing = { 404: ADMIN_MEMBER_MESSAGE.memberNotFound };

/** A member's record as admins read it (admin.md section 7 "Member data"), under /api/admin; role 2 checked by the parent. */
export async function adminMemberRoutes(app: FastifyInstance) {
  // A path id that is no whole number names nobody: 404, as Laravel's route binding answers.
  const memberId = (params: unknown) => pathParams(adminMemberInput, params, ADMIN_MEMBER_MESSAGE.memberNotFound);

  app.get(
    '/user/:id/contact_details',
    {
      schema: doc({
        summary: "The member's contact form in data",
        tags,
        who: 'admin',
        params: adminMemberInput,
        response: { 200: z.object({ data: contactDetailsSchema }), ...missing },
      }),
    },
    async (req) => ({ data: await adminContactDetails(svc(req, req.actor), memberId(req.params)) }),
  );

  app.get(
    '/user/:id/evolution',
    {
      schema: doc({
        summary: "The member's channel, start date, evolution, version and phase (the channel subscription tab)",
        tags,
        who: 'admin',
        params: adminMemberInput,
        response: { 200: evolutionSchema, ...missing },
      }),
    },
    (req) => adminEvolution(svc(req, req.actor), memberId(req.params)),
  );

  app.get(
    '/user/:id/evolution/calibration',
    {
      schema: doc({
        summary: "The member's latest calibration: each test, the amount and the level it placed them on",
        tags,
        who: 'admin',
        params: adminMemberInput,
        response: { 200: calibrationResultsSchema, ...missing },
      }),
    },
    (req) => adminCalibrationResults(svc(req, req.actor), memberId(req.params)),
  );

  app.get(
    '/user/:id/evolution/workout_results',
    {
      schema: doc({
        summary: "Every logged set of one of the member's evolutions (default the current one)",
        tags,
        who: 'admin',
        params: adminMemberInput,
        query: workoutResultsInput,
        response: { 200: workoutResultsSchema, ...missing },
      }),
    },
    (req) => adminWorkoutResults(svc(req, req.actor), { ...(req.query as object), ...memberId(req.params) }),
  );

  app.get(
    '/user/:id/evolution/form',
    {
      schema: doc({
        summary: "Form levels: the member's current form on each ladder, paged",
        tags,
        who: 'admin',
        params: adminMemberInput,
        query: pageInput,
        response: { 200: paginatedSchema(formLevelRowSchema), ...missing },
      }),
    },
    async (req) => {
      const { memberId: id, ...page } = await adminFormLevels(svc(req, req.actor), {
        ...(req.query as object),
        ...memberId(req.params),
      });
      return paginate(page, `${req.server.config.appUrl}/api/admin/user/${id}/evolution/form`);
    },
  );

  app.get(
    '/user/:id/evolution/macro_data',
    {
      schema: doc({
        summary:
          "The member's macro figures at the top level, whatever their plan or micro_data flag. 404 'DATA COULD NOT BE FOUND.' before a fact-find and a data analysis. The read is written to the audit log.",
        tags,
        who: 'admin',
        params: adminMemberInput,
        response: {
          200: macroDataSchema,
          404: `${ADMIN_MEMBER_MESSAGE.noMacroData} / ${ADMIN_MEMBER_MESSAGE.memberNotFound}`,
        },
      }),
    },
    (req) => adminMacroData(svc(req, req.actor), req.actor!, memberId(req.params)),
  );

  app.get(
    '/user/:id/application_details',
    {
      schema: doc({
        summary: "The member's PAR-Q in data (null before it is sent). A read is written to the audit log.",
        tags,
        who: 'admin',
        params: adminMemberInput,
        response: { 200: z.object({ data: applicationDetailsSchema.nullable() }), ...missing },
      }),
    },
    async (req) => ({ data: await adminApplicationDetails(svc(req, req.actor), req.actor!, memberId(req.params)) }),
  );

  app.get(
    '/user/:id/fact_finding_details',
    {
      schema: doc({
        summary:
          "The member's fact-find with desired_body_fat, in data.data (null before it is sent). A read is written to the audit log.",
        tags,
        who: 'admin',
        params: adminMemberInput,
        response: { 200: z.object({ data: z.object({ data: factFindingSchema.nullable() }) }), ...missing },
      }),
    },
    async (req) => ({ data: { data: await adminFactFinding(svc(req, req.actor), req.actor!, memberId(req.params)) } }),
  );

  app.get(
    '/user/:id/evolution/chamber/:page',
    {
      schema: doc({
        summary:
          "Page n of the member's evolution chamber (the n-th snapshot, oldest first, photos as base64), whatever their evolution_page flag. The read is written to the audit log.",
        tags,
        who: 'admin',
        params: adminMemberChamberInput,
        response: {
          200: chamberSchema,
          404: `${ADMIN_MEMBER_MESSAGE.noData} / ${ADMIN_MEMBER_MESSAGE.memberNotFound}`,
        },
      }),
    },
    (req) => {
      // The id first (no such member), then the page (no such snapshot).
      const { id } = memberId(req.params);
      return adminChamber(svc(req, req.actor), req.actor!, {
        id,
        ...pathParams(chamberInput, req.params, ADMIN_MEMBER_MESSAGE.noData),
      });
    },
  );

  app.get(
    '/audit_log',
    {
      schema: doc({
        summary: "Admins' reads of members' health data, newest first, paged; member_id and admin_id filter it",
        tags: ['Admin: audit log'],
        who: 'admin',
        query: auditLogListInput,
        response: { 200: paginatedSchema(auditLogRowSchema) },
      }),
    },
    async (req) => {
      const { member_id, admin_id, ...page } = await listAuditLog(svc(req, req.actor), req.query);
      return paginate(page, `${req.server.config.appUrl}/api/admin/audit_log`, { member_id, admin_id });
    },
  );
}
