import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { dataAnswer } from '../../http/answers.ts';
import { routePage } from '../paging.ts';
import { route, signedInContext } from '../route.ts';

const tags = ['Messages'];

/** The member's inbox of coaches' messages (docs/product.md §6), under /api. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/message',
    route({
      summary: "The member's messages, newest first, 10 a page; read_at is null while unread",
      tags,
      who: 'member',
      query: messageListInput,
      response: { 200: paginatedSchema(inboxRowSchema) },
    }),
    async (req) => routePage(req, await listInbox(signedInContext(req), req.query)),
  );

  app.get(
    '/user/message/unread_count',
    route({
      summary: "How many of the member's messages are unread",
      tags,
      who: 'member',
      response: { 200: unreadCountResponse },
    }),
    async (req) => dataAnswer(await unreadCount(signedInContext(req))),
  );

  app.get(
    '/user/message/:id',
    route({
      summary: "One of the member's messages; opening it marks it read. Another member's message is a 404",
      tags,
      who: 'member',
      params: messageIdInput,
      notFound: MESSAGE_TEXT.notFound,
      response: { 200: memberMessageResponse, 404: MESSAGE_TEXT.notFound },
    }),
    async (req) => dataAnswer(await openMessage(signedInContext(req), req.params)),
  );
};
