import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { dataAnswer } from '../../http/answers.ts';
import { routePage } from '../paging.ts';
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
import {
  requestPasswordReset,
  resetPassword,
  throttleResetRequest,
  throttleResetTry,
} from '../../services/passwordReset.ts';
import { restContext, route, signedInContext } from '../route.ts';

const tags = ['Account'];

/** Password (change and reset), contact details, work volume, data export and account deletion. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/user/settings/password',
    route({
      summary:
        'Change the password (members and admins); every other session ends and this one gets a fresh access_token',
      tags,
      who: 'user',
      body: changePasswordInput,
      response: { 200: changePasswordResponseSchema, 429: messageSchema },
    }),
    async (req) => changePassword(signedInContext(req), req.body),
  );
  app.post(
    '/password/create',
    route({
      summary:
        'Email a password-reset link (valid 60 minutes); the same answer whether or not the email has an account',
      tags,
      who: 'public',
      body: passwordCreateInput,
      spends: throttleResetRequest,
      response: { 200: messageSchema, 429: messageSchema },
    }),
    async (req) => requestPasswordReset(restContext(req), req.body),
  );
  app.post(
    '/password/reset',
    route({
      summary: 'Set a new password with the emailed token (single use); every session of the account ends',
      tags,
      who: 'public',
      body: passwordResetInput,
      spends: throttleResetTry,
      response: { 200: messageSchema, 429: messageSchema },
    }),
    async (req) => resetPassword(restContext(req), req.body),
  );
  app.get(
    '/user/contact_details',
    route({
      summary: 'The contact form in data (fields null until filled in)',
      tags,
      who: 'member',
      response: { 200: z.object({ data: contactDetailsSchema }) },
    }),
    async (req) => dataAnswer(await getContactDetails(signedInContext(req))),
  );
  app.put(
    '/user/contact_details',
    route({
      summary: 'Save the eleven contact fields',
      tags,
      who: 'member',
      body: contactDetailsInput,
      response: { 200: z.object({ message: z.string(), data: contactDetailsSchema }) },
    }),
    async (req) => ({
      message: ACCOUNT_MESSAGE.contactUpdated,
      data: await updateContactDetails(signedInContext(req), req.body),
    }),
  );
  app.get(
    '/user/sets',
    route({
      summary: 'Work volume: data.number_of_sets is the level chosen (used from the next volume-phase submission)',
      tags,
      who: 'member',
      response: { 200: z.object({ data: setsSchema }) },
    }),
    async (req) => dataAnswer(await getSets(signedInContext(req))),
  );
  app.patch(
    '/user/sets',
    route({
      summary: 'Choose a work-volume level: 12, 16, 18, 24, 30, 36 or 45 sets',
      tags,
      who: 'member',
      body: setsInput,
      response: { 200: z.object({ message: z.string(), data: setsSchema }) },
    }),
    async (req) => ({ message: ACCOUNT_MESSAGE.setsUpdated, data: await updateSets(signedInContext(req), req.body) }),
  );
  app.get(
    '/user/export',
    route({
      summary: "Download all of the member's data as JSON",
      tags,
      who: 'member',
      response: { 200: z.record(z.string(), z.unknown()) },
    }),
    async (req, reply) => {
      const ctx = signedInContext(req);
      reply.header('content-disposition', `attachment; filename="evolution-data-${ctx.actor.me.id}.json"`);
      return exportData(ctx);
    },
  );
  app.get(
    '/user/data_reads',
    route({
      summary:
        "Who read the member's health data (PAR-Q, fact-find, chamber and photos, macro data) and when, newest first",
      tags,
      who: 'member',
      query: pageInput,
      response: { 200: paginatedSchema(dataReadRowSchema) },
    }),
    async (req) => routePage(req, await memberDataReads(signedInContext(req), req.query)),
  );
  app.delete(
    '/user',
    route({
      summary: 'Delete the account and all its data (password required); the subscription is ended with the provider',
      tags,
      who: 'member',
      body: deleteAccountInput,
      response: { 200: messageSchema, 402: messageSchema, 429: messageSchema },
    }),
    async (req) => deleteAccount(signedInContext(req), req.body),
  );
};
