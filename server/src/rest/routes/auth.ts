import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginInput, loginResponseSchema, messageSchema, registerInput } from '@evolution/shared';
import { currentUser, login, logout, register, throttleRegistration } from '../../services/auth.ts';
import { restContext, route, signedInContext } from '../route.ts';

const tags = ['Auth'];

/** Sign-in calls: login, register, start-up and logout (docs/product.md §2). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    route({
      summary: 'Sign in; wrong email and wrong password get the same 422; 429 after repeated failures',
      tags,
      who: 'public',
      body: loginInput,
      response: { 200: loginResponseSchema, 429: messageSchema },
    }),
    async (req) => login(restContext(req), req.body),
  );
  app.post(
    '/register',
    route({
      summary: 'Register a member and sign in',
      tags,
      who: 'public',
      body: registerInput,
      spends: throttleRegistration,
      response: { 201: loginResponseSchema, 429: messageSchema },
    }),
    async (req, reply) => reply.status(201).send(await register(restContext(req), req.body)),
  );
  app.get(
    '/user',
    route({
      summary: 'Start-up: the signed-in user, their access, subscription and programme state',
      tags,
      who: 'user',
      response: { 200: loginResponseSchema.omit({ access_token: true }) },
    }),
    (req) => currentUser(signedInContext(req)),
  );
  app.get(
    '/logout',
    route({
      summary: 'Revoke the token used for this call',
      tags,
      who: 'user',
      response: { 200: messageSchema },
    }),
    (req) => logout(signedInContext(req)),
  );
};
