import type { preSerializationAsyncHookHandler } from 'fastify';
import { requestOrigin } from '../http/answers.ts';

/**
 * The REST address of what each route's 201 created, by the route's path: `:id` is the new record's id in the answer
 * (`data.id`, `image.id` or `video.id`), `:endpoint` a push subscription's endpoint. Every route that can answer 201
 * has one (server/test/rest-conventions.test.ts checks them against the OpenAPI description).
 */
export const CREATED_AT: Record<string, string> = {
  '/api/register': '/api/user',
  '/api/register/subscription': '/api/user/subscription',
  '/api/user/subscription': '/api/user/subscription',
  '/api/user/image': '/api/user/image/:id',
  '/api/user/assistance_flag': '/api/user/assistance_flag/:id',
  '/api/user/tokens': '/api/user/tokens/:id',
  '/api/push/subscription': '/api/push/subscription?endpoint=:endpoint',
  '/api/admin/admin': '/api/admin/admin/:id',
  '/api/admin/form_group': '/api/admin/form_group/:id',
  '/api/admin/form': '/api/admin/form/:id',
  '/api/admin/meal': '/api/admin/meal/:id',
  '/api/admin/page': '/api/admin/page/:id',
  '/api/admin/message': '/api/admin/message/:id',
  '/api/admin/meal/image': '/api/media/:id',
  '/api/admin/meal/video': '/api/media/:id',
  '/api/admin/page/image': '/api/media/:id',
  '/api/admin/page/video': '/api/media/:id',
  '/api/admin/form_group/video': '/api/media/:id',
};

type Created = { data?: { id?: unknown; endpoint?: unknown }; image?: { id?: unknown }; video?: { id?: unknown } };

/** Every 201 says where the new record is (`Location`, on the request's own host as Laravel's url() builds it). */
export const createdLocation: preSerializationAsyncHookHandler = async (req, reply, payload) => {
  if (reply.statusCode !== 201 || reply.hasHeader('location')) return payload;
  const template = CREATED_AT[req.routeOptions.url ?? ''];
  if (!template || !payload || typeof payload !== 'object') return payload;
  const answer = payload as Created;
  const id = answer.data?.id ?? answer.image?.id ?? answer.video?.id;
  const endpoint = answer.data?.endpoint;
  if ((template.includes(':id') && id === undefined) || (template.includes(':endpoint') && endpoint === undefined))
    return payload;
  const location = template
    .replace(':id', encodeURIComponent(String(id)))
    .replace(':endpoint', encodeURIComponent(String(endpoint)));
  reply.header('location', `${requestOrigin(req)}${location}`);
  return payload;
};
