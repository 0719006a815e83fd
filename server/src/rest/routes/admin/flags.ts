import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FLAG_MESSAGE,
  adminFlagListInput,
  flagDetailResponse,
  flagIdInput,
  flagReplyInput,
  flagRowSchema,
  flagSavedResponse,
  paginatedSchema,
} from '@evolution/shared';
import { flagExists, closeAsCoach, getFlag, listFlags, replyAsCoach } from '../../../services/flags.ts';
import { dataAnswer } from '../../../http/answers.ts';
import { routePage } from '../../paging.ts';
import { route, signedInContext } from '../../route.ts';

const tags = ['Admin: assistance flags'];
// The path's flag: an id that names none is a 404 with its message.
const flag = { params: flagIdInput, notFound: FLAG_MESSAGE.notFound };
// A call on the path's flag that answers with the flag as saved (a reply, closing it).
const savedFlag = { ...flag, response: { 200: flagSavedResponse, 404: FLAG_MESSAGE.notFound } };

/** Admin assistance flags (docs/spec/admin.md §7), registered under /api/admin; the parent checks role 2 and sets req.actor. */
export const adminFlagRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/assistance_flag',
    route({
      summary: "Every member's flags, open ones first, then the most recently active; status 0 or 1 keeps only those",
      tags,
      who: 'admin',
      query: adminFlagListInput,
      response: { 200: paginatedSchema(flagRowSchema) },
    }),
    async (req) => {
      const { status, ...page } = await listFlags(signedInContext(req), req.query);
      return routePage(req, page, { status });
    },
  );

  app.get(
    '/assistance_flag/:id',
    route({
      summary: 'A flag with every response, oldest first',
      tags,
      who: 'admin',
      ...flag,
      response: { 200: flagDetailResponse, 404: FLAG_MESSAGE.notFound },
    }),
    async (req) => dataAnswer(await getFlag(signedInContext(req), req.params)),
  );

  app.post(
    '/assistance_flag/:id/reply',
    route({
      summary:
        'Reply as a coach; the member is mailed. A closed flag is refused (422); the same message again within 10 seconds is not added twice',
      tags,
      who: 'admin',
      ...savedFlag,
      bind: flagExists,
      body: flagReplyInput,
    }),
    async (req) => replyAsCoach(signedInContext(req), { ...req.params, ...req.body }),
  );

  app.get(
    '/assistance_flag/:id/done',
    route({
      summary: 'Close the flag; the member is mailed. Closing a closed flag again is harmless (200, no mail)',
      tags,
      who: 'admin',
      ...savedFlag,
    }),
    async (req) => closeAsCoach(signedInContext(req), req.params),
  );
};
