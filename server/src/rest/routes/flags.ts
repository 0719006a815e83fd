import type { FastifyInstance } from 'fastify';
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
import { closeAsMember, getOwnFlag, listOwnFlags, openFlag, replyAsMember } from '../../services/flags.ts';
import { paginate } from '../../services/pagination.ts';
import { requireMember, svc } from '../auth.ts';
import { doc } from '../openapi.ts';
import { pathParams } from '../params.ts';

const tags = ['Assistance flags'];
const flagId = (params: unknown) => pathParams(flagIdInput, params, FLAG_MESSAGE.notFound).id;
const notYours = `${FLAG_MESSAGE.notFound} Also for another member's flag.`;

/** The member's assistance flags (member-and-public.md section 7), under /api. */
export async function flagsRoutes(app: FastifyInstance) {
  app.get(
    '/user/assistance_flag',
    {
      schema: doc({
        summary: "The member's own assistance flags, newest first, 10 a page",
        tags,
        who: 'member',
        query: flagListInput,
        response: { 200: paginatedSchema(flagRowSchema) },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      return paginate(
        await listOwnFlags(svc(req, actor), actor.user, req.query),
        `${req.server.config.appUrl}/api/user/assistance_flag`,
      );
    },
  );

  app.post(
    '/user/assistance_flag',
    {
      schema: doc({
        summary:
          'Open an assistance flag; every coach is mailed. The same subject and message again within 10 seconds (a double submit) answers with the flag the first one opened',
        tags,
        who: 'member',
        body: flagCreateInput,
        response: { 201: flagSavedResponse },
      }),
    },
    async (req, reply) => {
      const actor = await requireMember(req);
      return reply.status(201).send(await openFlag(svc(req, actor), actor.user, req.body));
    },
  );

  app.get(
    '/user/assistance_flag/:id',
    {
      schema: doc({
        summary: "One of the member's own flags with every response, oldest first",
        tags,
        who: 'member',
        params: flagIdInput,
        response: { 200: flagDetailResponse, 404: notYours },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      return { data: await getOwnFlag(svc(req, actor), actor.user, flagId(req.params)) };
    },
  );

  app.post(
    '/user/assistance_flag/:id/reply',
    {
      schema: doc({
        summary:
          "Reply in one's own open flag; every coach is mailed. A closed flag is refused (422); the same message again within 10 seconds is not added twice",
        tags,
        who: 'member',
        params: flagIdInput,
        body: flagReplyInput,
        response: { 200: flagSavedResponse, 404: notYours },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      return replyAsMember(svc(req, actor), actor.user, flagId(req.params), req.body);
    },
  );

  app.get(
    '/user/assistance_flag/:id/done',
    {
      schema: doc({
        summary: "Close one's own flag; closing a closed flag again is harmless (200)",
        tags,
        who: 'member',
        params: flagIdInput,
        response: { 200: flagSavedResponse, 404: notYours },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      return closeAsMember(svc(req, actor), actor.user, flagId(req.params));
    },
  );
}
