import type { FastifyInstance } from 'fastify';
import { loginInput, loginResponseSchema, messageSchema, registerInput } from '@evolution/shared';
import { currentUser, login, logout, register } from '../../services/auth.ts';
import { requireUser, svc } from '../auth.ts';
import { doc } from '../openapi.ts';

const tags = ['Auth'];

/** Sign-in calls: login, register, start-up and logout (PRODUCT.md section 2). */
export async function authRoutes(app: FastifyInstance) {
  app.post(
    '/login',
    {
      schema: doc({
        summary: 'Sign in; wrong email and wrong password get the same 422; 429 after repeated failures',
        tags,
        who: 'public',
        body: loginInput,
        response: { 200: loginResponseSchema, 429: messageSchema },
      }),
    },
    (req) => login(svc(req), req.body),
  );
  app.post(
    '/register',
    {
      schema: doc({
        summary: 'Register a member and sign in',
        tags,
        who: 'public',
        body: registerInput,
        response: { 201: loginResponseSchema, 429: messageSchema },
      }),
    },
    async (req, reply) => reply.status(201).send(await register(svc(req), req.body)),
  );
  app.get(
    '/user',
    {
      schema: doc({
        summary: 'Start-up: the signed-in user, their access, subscription and programme state',
        tags,
        who: 'user',
        response: { 200: loginResponseSchema.omit({ access_token: true }) },
      }),
    },
    async (req) => currentUser(svc(req), await requireUser(req)),
  );
  app.get(
    '/logout',
    {
      schema: doc({
        summary: 'Revoke the token used for this call',
        tags,
        who: 'user',
        response: { 200: messageSchema },
      }),
    },
    async (req) => {
      const actor = await requireUser(req);
      return logout(svc(req, actor), actor);
    },
  );
}
