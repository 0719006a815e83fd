import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGE_RECIPIENTS_SHOWN,
  MESSAGE_TEXT,
  adminMessageResponse,
  adminMessageRowSchema,
  messageIdInput,
  messageListInput,
  messageSendInput,
  messageSentResponse,
  paginatedSchema,
} from '@evolution/shared';
import { getSentMessage, listSentMessages, sendMessage } from '../../../services/messages.ts';
import { dataAnswer } from '../../../http/answers.ts';
import { routePage } from '../../paging.ts';
import { route, signedInContext } from '../../route.ts';

const tags = ['Admin: messages'];

/** Coaches' messages to members, under /api/admin; the parent checks role 2 and sets req.actor. */
export const adminMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/message',
    route({
      summary:
        'Sent messages, newest first, 10 a page, each with its recipient (a member or a channel), how many have read it, and its delivery: expected_count (members it was for when sent), delivered_count (recipients written so far) and delivered_at (null while a channel message is still being delivered)',
      tags,
      who: 'admin',
      query: messageListInput,
      response: { 200: paginatedSchema(adminMessageRowSchema) },
    }),
    async (req) => routePage(req, await listSentMessages(signedInContext(req), req.query)),
  );

  app.post(
    '/message',
    route({
      summary:
        "Send a message to one member (recipient_id), delivered at once, or to every member of a channel with an active subscription now (channel_id): stored with its delivery queued, answered at once, then written to the members' inboxes in pages by the job queue (follow delivered_count and delivered_at). Each recipient is mailed and their open screens told live. A repeated idempotency_key sends nothing and answers the first send with 200",
      tags,
      who: 'admin',
      body: messageSendInput,
      response: { 201: messageSentResponse, 200: messageSentResponse },
    }),
    async (req, reply) => {
      const { created, row } = await sendMessage(signedInContext(req), req.body);
      return reply.status(created ? 201 : 200).send({ message: MESSAGE_TEXT.sent, data: row });
    },
  );

  app.get(
    '/message/:id',
    route({
      summary: `A sent message with its first ${MESSAGE_RECIPIENTS_SHOWN} recipients and when they read it (readers first, recipients_count says how many in all), and its delivery: expected_count, delivered_count (recipients written so far) and delivered_at (null while still being delivered)`,
      tags,
      who: 'admin',
      params: messageIdInput,
      notFound: MESSAGE_TEXT.notFound,
      response: { 200: adminMessageResponse, 404: MESSAGE_TEXT.notFound },
    }),
    async (req) => dataAnswer(await getSentMessage(signedInContext(req), req.params)),
  );
};
