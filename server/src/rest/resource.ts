import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { dataAnswer } from '../http/answers.ts';
import type { SignedInContext } from '../services/context.ts';
import type { Page } from '../services/pagination.ts';
import { routePage } from './paging.ts';
import { route, signedInContext } from './route.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];
type Service<I, O = unknown> = (ctx: SignedInContext, input: I) => Promise<O>;

/**
 * An admin resource's calls, as Laravel's apiResource has them: on its collection (`/meal`) the list and create, on
 * one record (`/meal/:id`, whose id naming none is a 404) show, edit and delete. A call it lacks is left out.
 */
interface AdminResource<P extends z.ZodType, B extends z.ZodType, Q extends z.ZodType, C extends z.ZodType> {
  tags: string[];
  params: P;
  notFound: string;
  /** GET on the collection: a page of records; `links` picks the filters of the query that the page links keep. */
  list?: {
    summary: string;
    query: Q;
    answer: z.ZodType;
    links?: (query: z.output<Q>) => Record<string, string | number | undefined>;
    service: Service<z.output<Q>, Page<unknown>>;
  };
  /** POST on the collection: the new record, a 201 answered in `data`. */
  create?: { summary: string; body: C; answer: z.ZodType; service: Service<z.output<C>> };
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
 * The routes of an admin resource at `path`, registered on the admin area's plugin (routes/admin.ts checks role 2) in
 * the order above: the OpenAPI document lists paths and methods in the order they are registered.
 */
export function adminResourceRoutes<
  P extends z.ZodType,
  B extends z.ZodType,
  Q extends z.ZodType = z.ZodType,
  C extends z.ZodType = z.ZodType,
>(app: App, path: string, { tags, params, notFound, list, create, show, edit, remove }: AdminResource<P, B, Q, C>) {
  const who = 'admin' as const;
  // The zod type provider cannot resolve a generic schema's output: the inputs are named by the schemas they passed.
  if (list)
    app.get(
      path,
      route({ summary: list.summary, tags, who, query: list.query, response: { 200: list.answer } }),
      async (req) => {
        const query = req.query as z.output<Q>;
        return routePage(req, await list.service(signedInContext(req), query), list.links?.(query));
      },
    );
  if (create)
    app.post(
      path,
      route({ summary: create.summary, tags, who, body: create.body, response: { 201: create.answer } }),
      async (req, reply) =>
        reply.status(201).send(dataAnswer(await create.service(signedInContext(req), req.body as z.output<C>))),
    );
  const record = { tags, who, params, notFound };
  const recordPath = `${path}/:id`;
  app.get(
    recordPath,
    route({ ...record, summary: show.summary, response: { 200: show.answer, 404: notFound } }),
    async (req) => dataAnswer(await show.service(signedInContext(req), req.params as z.output<P>)),
  );
  app[edit.method](
    recordPath,
    route({
      ...record,
      summary: edit.summary,
      bind: edit.bind,
      body: edit.body,
      response: { 200: edit.answer, ...edit.refusals, 404: notFound },
    }),
    async (req) => {
      const input = Object.assign({}, req.params as z.output<P>, req.body as z.output<B>);
      return dataAnswer(await edit.service(signedInContext(req), input));
    },
  );
  if (remove)
    app.delete(
      recordPath,
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
