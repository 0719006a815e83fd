import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { dataAnswer } from '../http/answers.ts';
import type { SignedInContext } from '../services/context.ts';
import { route, signedInContext } from './route.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];
type Service<I> = (ctx: SignedInContext, input: I) => Promise<unknown>;

/** One admin record's calls at its own path (`/meal/:id`): the path names the record, an id naming none is a 404. */
interface AdminRecord<P extends z.ZodType, B extends z.ZodType> {
  tags: string[];
  params: P;
  notFound: string;
  /** GET: the record, answered in `data`. */
  show: { summary: string; answer: z.ZodType; service: Service<z.output<P>> };
  /** PUT or PATCH, answered in `data`; with `bind`, the record must exist before its fields are read (a 404 first). */
  edit: {
    method: 'put' | 'patch';
    summary: string;
    bind?: Service<z.output<P>>;
    body: B;
    answer: z.ZodType;
    /** Further answers of the edit (a payment provider's refusal). */
    refusals?: Record<number, string>;
    service: Service<z.output<P> & z.output<B>>;
  };
  /** DELETE: answered as its service answers; `conflict` is the 409 of a record that may not go. */
  remove?: { summary: string; answer: z.ZodType; conflict?: string; service: Service<z.output<P>> };
}

/**
 * The show, edit and delete routes of an admin record, as Laravel's apiResource has them, registered on the admin
 * area's plugin (routes/admin.ts checks role 2).
 */
export function adminRecordRoutes<P extends z.ZodType, B extends z.ZodType>(
  app: App,
  path: string,
  { tags, params, notFound, show, edit, remove }: AdminRecord<P, B>,
) {
  const record = { tags, who: 'admin' as const, params, notFound };
  app.get(
    path,
    route({ ...record, summary: show.summary, response: { 200: show.answer, 404: notFound } }),
    async (req) => dataAnswer(await show.service(signedInContext(req), req.params as z.output<P>)),
  );
  app[edit.method](
    path,
    route({
      ...record,
      summary: edit.summary,
      bind: edit.bind,
      body: edit.body,
      response: { 200: edit.answer, ...edit.refusals, 404: notFound },
    }),
    async (req) =>
      dataAnswer(
        await edit.service(signedInContext(req), { ...(req.params as object), ...(req.body as object) } as never),
      ),
  );
  if (remove)
    app.delete(
      path,
      route({
        ...record,
        summary: remove.summary,
        response: remove.conflict
          ? { 200: remove.answer, 404: notFound, 409: remove.conflict }
          : { 200: remove.answer, 404: notFound },
      }),
      async (req) => remove.service(signedInContext(req), req.params as z.output<P>),
    );
}
