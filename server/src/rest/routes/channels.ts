import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { channelIdInput, channelSchema } from '@evolution/shared';
import { getChannel, listChannels } from '../../services/channels.ts';
import { dataAnswer } from '../../http/answers.ts';
import { restContext, route } from '../route.ts';

const tags = ['Channels'];

/** Public channel and plan listing: GET /api/channel, GET /api/channel/{id}. */
export const channelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/channel',
    route({
      summary: 'Every channel with its plans (prices in pounds)',
      tags,
      who: 'public',
      response: { 200: z.object({ data: z.array(channelSchema) }) },
    }),
    async (req) => dataAnswer(await listChannels(restContext(req))),
  );
  app.get(
    '/channel/:id',
    route({
      summary: 'One channel with its plans',
      tags,
      who: 'public',
      params: channelIdInput,
      notFound: 'Channel not found.',
      response: { 200: z.object({ data: channelSchema }), 404: 'Channel not found.' },
    }),
    async (req) => dataAnswer(await getChannel(restContext(req), req.params)),
  );
};
