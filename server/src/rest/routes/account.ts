import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGE,
  changePasswordInput,
  changePasswordResponseSchema,
  contactDetailsInput,
  contactDetailsSchema,
  deleteAccountInput,
  dataReadRowSchema,
  messageSchema,
  pageInput,
  paginatedSchema,
  passwordCreateInput,
  passwordResetInput,
  setsInput,
  setsSchema,
} from '@evolution/shared';
import {
  changePassword,
  deleteAccount,
  exportData,
  getContactDetails,
  getSets,
  updateContactDetails,
  updateSets,
} from '../../services/account.ts';
import { memberDataReads } from '../../services/audit.ts';
import { paginate } from '../../services/pagination.ts';
import { requestPasswordReset, resetPassword } from '../../services/passwordReset.ts';
import { parseInput } from '../../validation.ts';
import { requireMember, requireUser, svc } from '../auth.ts';
import { doc } from '../openapi.ts';

const tags = ['Account'];

/** Password (change and reset), contact details, work volume, data export and account deletion. */
export async function accountRoutes(app: FastifyInstance) {
  app.put(
    '/user/settings/password',
    {
      schema: doc({
        summary:
          'Change the password (members and admins); every other session ends and this one gets a fresh access_token',
        tags,
        who: 'user',
        body: changePasswordInput,
        response: { 200: changePasswordResponseSchema },
      }),
    },
    async (req) => {
      const actor = await requireUser(req);
      return changePassword(svc(req, actor), actor, req.body);
    },
  );
  app.post(
    '/password/create',
    {
      schema: doc({
        summary:
          'Email a password-reset link (valid 60 minutes); the same answer whether or not the email has an account',
        tags,
        who: 'public',
        body: passwordCreateInput,
        response: { 200: messageSchema, 429: messageSchema },
      }),
    },
    (req) => requestPasswordReset(svc(req), req.body),
  );
  app.post(
    '/password/reset',
    {
      schema: doc({
        summary: 'Set a new password with the emailed token (single use); every session of the account ends',
        tags,
        who: 'public',
        body: passwordResetInput,
        response: { 200: messageSchema, 429: messageSchema },
      }),
    },
    (req) => resetPassword(svc(req), req.body),
  );
  app.get(
    '/user/contact_details',
    {
      schema: doc({
        summary: 'The contact form in data (fields null until filled in)',
        tags,
        who: 'member',
        response: { 200: z.object({ data: contactDetailsSchema }) },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      return { data: await getContactDetails(svc(req, actor), actor) };
    },
  );
  app.put(
    '/user/contact_details',
    {
      schema: doc({
        summary: 'Save the eleven contact fields',
        tags,
        who: 'member',
        body: contactDetailsInput,
        response: { 200: z.object({ message: z.string(), data: contactDetailsSchema }) },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      return {
        message: ACCOUNT_MESSAGE.contactUpdated,
        data: await updateContactDetails(svc(req, actor), actor, req.body),
      };
    },
  );
  app.get(
    '/user/sets',
    {
      schema: doc({
        summary: 'Work volume: data.number_of_sets is the level chosen (used from the next volume-phase submission)',
        tags,
        who: 'member',
        response: { 200: z.object({ data: setsSchema }) },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      return { data: await getSets(svc(req, actor), actor) };
    },
  );
  app.patch(
    '/user/sets',
    {
      schema: doc({
        summary: 'Choose a work-volume level: 12, 16, 18, 24, 30, 36 or 45 sets',
        tags,
        who: 'member',
        body: setsInput,
        response: { 200: z.object({ message: z.string(), data: setsSchema }) },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      return { message: ACCOUNT_MESSAGE.setsUpdated, data: await updateSets(svc(req, actor), actor, req.body) };
    },
  );
  app.get(
    '/user/export',
    {
      schema: doc({
        summary: "Download all of the member's data as JSON",
        tags,
        who: 'member',
        response: { 200: z.record(z.string(), z.unknown()) },
      }),
    },
    async (req, reply) => {
      const actor = await requireMember(req);
      reply.header('content-disposition', `attachment; filename="evolution-data-${actor.user.id}.json"`);
      return exportData(svc(req, actor), actor);
    },
  );
  app.get(
    '/user/data_reads',
    {
      schema: doc({
        summary:
          "Who read the member's health data (PAR-Q, fact-find, chamber and photos, macro data) and when, newest first",
        tags,
        who: 'member',
        query: pageInput,
        response: { 200: paginatedSchema(dataReadRowSchema) },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      const { page } = parseInput(pageInput, req.query);
      return paginate(
        await memberDataReads(svc(req, actor), actor.user.id, page),
        `${req.server.config.appUrl}/api/user/data_reads`,
      );
    },
  );
  app.delete(
    '/user',
    {
      schema: doc({
        summary: 'Delete the account and all its data (password required); the subscription is ended with the provider',
        tags,
        who: 'member',
        body: deleteAccountInput,
        response: { 200: messageSchema, 402: messageSchema },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      return deleteAccount(svc(req, actor), actor, req.body);
    },
  );
}
