import type { FastifyInstance } from 'fastify';
import {
  MESSAGE_TEXT,
  inboxRowSchema,
  memberMessageResponse,
  messageIdInput,
  messageListInput,
  paginatedSchema,
  unreadCountResponse,
} from '@evolution/shared';
import { listInbox, openMessage, unreadCount } from '../../services/messages.ts';
import { paginate } from '../../services/pagination.ts';
import { requireMember } from '../auth.ts';
import { doc } from '../openapi.ts';
import { pathParams } from '../params.ts';

const tags = ['Messages'];

/** The member's inbox of coaches' messages (issue 11), under /api. */
export async function messagesRoutes(app: FastifyInstance) {
  app.get(
    '/user/message',
    {
      schema: doc({
        summary: "The member's messages, newest first, 10 a page; read_at is null while unread",
        tags,
        who: 'member',
        query: messageListInput,
        response: { 200: paginatedSchema(inboxRowSchema) },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      return paginate(await listInbox(req.em, actor.user, req.query), `${req.server.config.appUrl}/api/user/message`);
    },
  );

  app.get(
    '/user/message/unread_count',
    {
      schema: doc({
        summary: "How many of the member's messages are unread",
        tags,
        who: 'member',
        response: { 200: unreadCountResponse },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      return { data: { unread_count: await unreadCount(req.em, actor.user) } };
    },
  );

  app.get(
    '/user/message/:id',
    {
      schema: doc({
        summary: "One of the member's messages; opening it marks it read. Another member's message is a 404",
        tags,
        who: 'member',
        params: messageIdInput,
        response: { 200: memberMessageResponse, 404: MESSAGE_TEXT.notFound },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      return {
        data: await openMessage(req.em, actor.user, pathParams(messageIdInput, req.params, MESSAGE_TEXT.notFound).id),
      };
    },
  );
}
