import type { FastifyInstance } from 'fastify';
import {
  ADMIN_USER_MESSAGE,
  adminUserAccessInput,
  adminUserCreateInput,
  adminUserIdInput,
  adminUserListInput,
  adminUserPasswordInput,
  adminUserResponse,
  adminUserRowSchema,
  adminUserSavedResponse,
  adminUserUpdateInput,
  messageSchema,
  paginatedSchema,
} from '@evolution/shared';
import {
  createUser,
  deleteUser,
  getUser,
  listUsers,
  setUserAccess,
  setUserPassword,
  updateUser,
} from '../../../services/adminUsers.ts';
import { paginate } from '../../../services/pagination.ts';
import { svc } from '../../auth.ts';
import { doc } from '../../openapi.ts';
import { pathParams } from '../../params.ts';

const tags = ['Admin: users'];
const M = ADMIN_USER_MESSAGE;
const userId = (params: unknown) => pathParams(adminUserIdInput, params, M.notFound).id;

/** Admin users (admin.md section 7 "Users"), registered under /api/admin; the parent checks role 2 and sets req.actor. */
export async function adminUserRoutes(app: FastifyInstance) {
  app.get(
    '/admin',
    {
      schema: doc({
        summary: 'User list, newest first; search by name or email; categoryId 1 users, 2 admins',
        tags,
        who: 'admin',
        query: adminUserListInput,
        response: { 200: paginatedSchema(adminUserRowSchema) },
      }),
    },
    async (req) => {
      const { search, categoryId, ...page } = await listUsers(req.em, req.query);
      return paginate(page, `${req.server.config.appUrl}/api/admin/admin`, { search, categoryId });
    },
  );

  app.post(
    '/admin',
    {
      schema: doc({
        summary: 'Create a user: user_type 1 a member (who starts with the PAR-Q), 2 an admin; a taken email is 422',
        tags,
        who: 'admin',
        body: adminUserCreateInput,
        response: { 201: adminUserSavedResponse },
      }),
    },
    async (req, reply) => {
      const data = await createUser(svc(req, req.actor), req.body);
      return reply.status(201).send({ message: M.created, data });
    },
  );

  app.get(
    '/admin/:id',
    {
      schema: doc({
        summary: 'One user in data, with the access map they get now and the flags admins set',
        tags,
        who: 'admin',
        params: adminUserIdInput,
        response: { 200: adminUserResponse, 404: M.notFound },
      }),
    },
    async (req) => ({ data: await getUser(svc(req, req.actor), userId(req.params)) }),
  );

  app.patch(
    '/admin/:id',
    {
      schema: doc({
        summary:
          "Change a user's name and email (and user_type, beyond the spec); nobody changes their own type or demotes the last admin",
        tags,
        who: 'admin',
        params: adminUserIdInput,
        body: adminUserUpdateInput,
        response: { 200: adminUserSavedResponse, 404: M.notFound },
      }),
    },
    async (req) => ({
      message: M.updated,
      data: await updateUser(svc(req, req.actor), req.actor!, userId(req.params), req.body),
    }),
  );

  app.put(
    '/admin/:id',
    {
      schema: doc({
        summary:
          "Set a user's password; every token the user holds stops working. Not one's own (use PUT user/settings/password)",
        tags,
        who: 'admin',
        params: adminUserIdInput,
        body: adminUserPasswordInput,
        response: { 200: messageSchema, 404: M.notFound },
      }),
    },
    async (req) => setUserPassword(svc(req, req.actor), req.actor!, userId(req.params), req.body),
  );

  app.patch(
    '/admin/:id/access',
    {
      schema: doc({
        summary:
          "Switch a member's features on or off (evolution_page, micro_data, warrior_channel, superhuman_channel); effective on the member's next call",
        tags,
        who: 'admin',
        params: adminUserIdInput,
        body: adminUserAccessInput,
        response: { 200: adminUserSavedResponse, 404: M.notFound },
      }),
    },
    async (req) => ({
      message: M.accessUpdated,
      data: await setUserAccess(svc(req, req.actor), userId(req.params), req.body),
    }),
  );

  app.delete(
    '/admin/:id',
    {
      schema: doc({
        summary:
          "Delete a user and all their data, as the member's own account deletion does (subscription ended with the provider, files, records). Not oneself, never the last admin",
        tags,
        who: 'admin',
        params: adminUserIdInput,
        response: { 200: messageSchema, 404: M.notFound, 402: messageSchema },
      }),
    },
    async (req) => deleteUser(svc(req, req.actor), req.actor!, userId(req.params)),
  );
}
