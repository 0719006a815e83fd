import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FLAG_MESSAGE,
  flagCreateInput,
  flagDetailResponse,
  flagIdInput,
  flagListInput,
  flagReplyInput,
  flagRowSchema,
  flagSavedResponse,
  paginatedSchema,
} from '@evolution/shared';
import {
  ownFlagExists,
  closeAsMember,
  getOwnFlag,
  listOwnFlags,
  openFlag,
  replyAsMember,
} from '../../services/flags.ts';
import { dataAnswer } from '../../http/answers.ts';
import { routePage } from '../paging.ts';
import { route, signedInContext } from '../route.ts';

const tags = ['Assistance flags'];
const notYours = `${FLAG_MESSAGE.notFound} Also for another member's flag.`;
// The path's flag: an id that names none of the member's flags is a 404 with its message.
const ownFlag = { params: flagIdInput, notFound: FLAG_MESSAGE.notFound };
// A call on the member's own flag that answers with the flag as saved (a reply, closing it).
const savedOwnFlag = { ...ownFlag, response: { 200: flagSavedResponse, 404: notYours } };

/** The member's assistance flags (docs/spec/member-and-public.md §7), under /api. */
export const flagsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/assistance_flag',
    route({
      summary: "The member's own assistance flags, newest first, 10 a page",
      tags,
      who: 'member',
      query: flagListInput,
      response: { 200: paginatedSchema(flagRowSchema) },
    }),
    async (req) => routePage(req, await listOwnFlags(signedInContext(req), req.query)),
  );

  app.post(
    '/user/assistance_flag',
    route({
      summary:
        'Open an assistance flag; every coach is mailed. The same subject and message again within 10 seconds (a double submit) answers with the flag the first one opened',
      tags,
      who: 'member',
      body: flagCreateInput,
      response: { 201: flagSavedResponse },
    }),
    async (req, reply) => reply.status(201).send(await openFlag(signedInContext(req), req.body)),
  );

  app.get(
    '/user/assistance_flag/:id',
    route({
      summary: "One of the member's own flags with every response, oldest first",
      tags,
      who: 'member',
      ...ownFlag,
      response: { 200: flagDetailResponse, 404: notYours },
    }),
    async (req) => dataAnswer(await getOwnFlag(signedInContext(req), req.params)),
  );

  app.post(
    '/user/assistance_flag/:id/reply',
    route({
      summary:
        "Reply in one's own open flag; every coach is mailed. A closed flag is refused (422); the same message again within 10 seconds is not added twice",
      tags,
      who: 'member',
      ...savedOwnFlag,
      bind: ownFlagExists,
      body: flagReplyInput,
    }),
    async (req) => replyAsMember(signedInContext(req), { ...req.params, ...req.body }),
  );

  app.get(
    '/user/assistance_flag/:id/done',
    route({
      summary: "Close one's own flag; closing a closed flag again is harmless (200)",
      tags,
      who: 'member',
      ...savedOwnFlag,
    }),
    async (req) => closeAsMember(signedInContext(req), req.params),
  );
};
