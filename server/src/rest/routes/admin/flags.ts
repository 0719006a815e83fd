import type { FastifyInstance } from 'fastify';
import {
  FLAG_MESSAGE,
  adminFlagListInput,
  flagDetailResponse,
  flagIdInput,
  flagReplyInput,
  flagRowSchema,
  flagSavedResponse,
  paginatedSchema,
} from '@evolution/shared';
import { closeAsCoach, getFlag, listFlags, replyAsCoach } from '../../../services/flags.ts';
import { paginate } from '../../../services/pagination.ts';
import { svc } from '../../auth.ts';
import { doc } from '../../openapi.ts';
import { pathParams } from '../../params.ts';

const tags = ['Admin: assistance flags'];
const flagId = (params: unknown) => pathParams(flagIdInput, params, FLAG_MESSAGE.notFound).id;

/** Admin assistance flags (admin.md section 7), registered under /api/admin; the parent checks role 2 and sets req.actor. */
export async function adminFlagRoutes(app: FastifyInstance) {
  app.get(
    '/assistance_flag',
    {
      schema: doc({
        summary: "Every member's flags, open ones first, then the most recently active; status 0 or 1 keeps only those",
        tags,
        who: 'admin',
        query: adminFlagListInput,
        response: { 200: paginatedSchema(flagRowSchema) },
      }),
    },
    async (req) => {
      const { status, ...page } = await listFlags(svc(req, req.actor), req.query);
      return paginate(page, `${req.server.config.appUrl}/api/admin/assistance_flag`, { status });
    },
  );

  app.get(
    '/assistance_flag/:id',
    {
      schema: doc({
        summary: 'A flag with every response, oldest first',
        tags,
        who: 'admin',
        params: flagIdInput,
        response: { 200: flagDetailResponse, 404: FLAG_MESSAGE.notFound },
      }),
    },
    async (req) => ({ data: await getFlag(svc(req, req.actor), flagId(req.params)) }),
  );

  app.post(
    '/assistance_flag/:id/reply',
    {
      schema: doc({
        summary:
          'Reply as a coach; the member is mailed. A closed flag is refused (422); the same message again within 10 seconds is not added twice',
        tags,
        who: 'admin',
        params: flagIdInput,
        body: flagReplyInput,
        response: { 200: flagSavedResponse, 404: FLAG_MESSAGE.notFound },
      }),
    },
    async (req) => replyAsCoach(svc(req, req.actor), req.actor!, flagId(req.params), req.body),
  );

  app.get(
    '/assistance_flag/:id/done',
    {
      schema: doc({
        summary: 'Close the flag; the member is mailed. Closing a closed flag again is harmless (200, no mail)',
        tags,
        who: 'admin',
        params: flagIdInput,
        response: { 200: flagSavedResponse, 404: FLAG_MESSAGE.notFound },
      }),
    },
    async (req) => closeAsCoach(svc(req, req.actor), req.actor!, flagId(req.params)),
  );
}
