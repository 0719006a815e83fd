import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  passwordSettable,
  setUserAccess,
  setUserPassword,
  updateUser,
  userExists,
} from '../../../services/adminUsers.ts';
import { dataAnswer } from '../../../http/answers.ts';
import { routePage } from '../../paging.ts';
import { route, signedInContext } from '../../route.ts';

const tags = ['Admin: users'];
const M = ADMIN_USER_MESSAGE;
// The path's user: an id that names none is a 404 with its message.
const user = { params: adminUserIdInput, notFound: M.notFound };
// An edit of the path's user (bound before its fields are read) that answers with the saved user.
const savedUser = { ...user, bind: userExists, response: { 200: adminUserSavedResponse, 404: M.notFound } };

/** Admin users (docs/spec/admin.md §7 "Users"), registered under /api/admin; the parent checks role 2 and sets req.actor. */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin',
    route({
      summary: 'User list, newest first; search by name or email; categoryId 1 users, 2 admins',
      tags,
      who: 'admin',
      query: adminUserListInput,
      response: { 200: paginatedSchema(adminUserRowSchema) },
    }),
    async (req) => {
      const { search, categoryId, ...page } = await listUsers(signedInContext(req), req.query);
      return routePage(req, page, { search, categoryId });
    },
  );

  app.post(
    '/admin',
    route({
      summary: 'Create a user: user_type 1 a member (who starts with the PAR-Q), 2 an admin; a taken email is 422',
      tags,
      who: 'admin',
      body: adminUserCreateInput,
      response: { 201: adminUserSavedResponse },
    }),
    async (req, reply) => {
      const data = await createUser(signedInContext(req), req.body);
      return reply.status(201).send({ message: M.created, data });
    },
  );

  app.get(
    '/admin/:id',
    route({
      summary: 'One user in data, with the access map they get now and the flags admins set',
      tags,
      who: 'admin',
      ...user,
      response: { 200: adminUserResponse, 404: M.notFound },
    }),
    async (req) => dataAnswer(await getUser(signedInContext(req), req.params)),
  );

  app.patch(
    '/admin/:id',
    route({
      summary:
        "Change a user's name and email (and user_type, beyond the spec); nobody changes their own type or demotes the last admin",
      tags,
      who: 'admin',
      ...savedUser,
      body: adminUserUpdateInput,
    }),
    async (req) => ({
      message: M.updated,
      data: await updateUser(signedInContext(req), { ...req.params, ...req.body }),
    }),
  );

  app.put(
    '/admin/:id',
    route({
      summary:
        "Set a user's password; every token the user holds stops working. Not one's own (use PUT user/settings/password)",
      tags,
      who: 'admin',
      ...user,
      bind: passwordSettable,
      body: adminUserPasswordInput,
      response: { 200: messageSchema, 404: M.notFound },
    }),
    async (req) => setUserPassword(signedInContext(req), { ...req.params, ...req.body }),
  );

  app.patch(
    '/admin/:id/access',
    route({
      summary:
        "Force a member's features on (true) or off (false), or back to their plan (null): evolution_page, micro_data, warrior_channel, superhuman_channel; effective on the member's next call",
      tags,
      who: 'admin',
      ...savedUser,
      body: adminUserAccessInput,
    }),
    async (req) => ({
      message: M.accessUpdated,
      data: await setUserAccess(signedInContext(req), { ...req.params, ...req.body }),
    }),
  );

  app.delete(
    '/admin/:id',
    route({
      summary:
        "Delete a user and all their data, as the member's own account deletion does (subscription ended with the provider, files, records). Not oneself, never the last admin",
      tags,
      who: 'admin',
      ...user,
      response: { 200: messageSchema, 404: M.notFound, 402: messageSchema },
    }),
    async (req) => deleteUser(signedInContext(req), req.params),
  );
};
