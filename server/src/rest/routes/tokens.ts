import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TOKEN_MESSAGE as M,
  messageSchema,
  tokenCreateInput,
  tokenCreatedResponse,
  tokenIdInput,
  tokenListResponse,
  tokenResponse,
} from '@evolution/shared';
import { dataAnswer } from '../../http/answers.ts';
import { createToken, getToken, listTokens, revokeToken } from '../../services/personalTokens.ts';
import { route, signedInContext } from '../route.ts';

const tags = ['Personal access tokens'];
// The path's token: an id that names none of the caller's tokens is a 404 with its message.
const ownToken = { params: tokenIdInput, notFound: M.notFound };

/** A member's or an admin's personal access tokens (Laravel Sanctum's), for integrations, under /api. */
export const tokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/tokens',
    route({
      summary: "The caller's personal access tokens, newest first, without their secrets",
      tags,
      who: 'user',
      response: { 200: tokenListResponse },
    }),
    async (req) => dataAnswer(await listTokens(signedInContext(req))),
  );

  app.post(
    '/user/tokens',
    route({
      summary:
        'Make a personal access token: `token` (<id>|<secret>, sent as `Authorization: Bearer <token>`) is shown in this answer only. abilities: read (GET and HEAD only), write or *; a personal token cannot make another (403)',
      tags,
      who: 'user',
      body: tokenCreateInput,
      response: { 201: tokenCreatedResponse, 403: M.noTokenMinting },
    }),
    async (req, reply) => reply.status(201).send(await createToken(signedInContext(req), req.body)),
  );

  app.get(
    '/user/tokens/:id',
    route({
      summary: "One of the caller's personal access tokens, without its secret; another user's is a 404",
      tags,
      who: 'user',
      ...ownToken,
      response: { 200: tokenResponse, 404: M.notFound },
    }),
    async (req) => dataAnswer(await getToken(signedInContext(req), req.params)),
  );

  app.delete(
    '/user/tokens/:id',
    route({
      summary: "Revoke one of the caller's personal access tokens: it stops working at once; another user's is a 404",
      tags,
      who: 'user',
      ...ownToken,
      response: { 200: messageSchema, 404: M.notFound },
    }),
    async (req) => revokeToken(signedInContext(req), req.params),
  );
};
