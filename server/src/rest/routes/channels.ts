import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { channelIdInput, channelSchema } from '@evolution/shared';
import { getChannel, listChannels } from '../../services/channels.ts';
import { doc } from '../openapi.ts';
import { pathParams } from '../params.ts';

const tags = ['Channels'];

/** Public channel and plan listing: GET /api/channel, GET /api/channel/{id}. */
export async function channelRoutes(app: FastifyInstance) {
  app.get(
    '/channel',
    {
      schema: doc({
        summary: 'Every channel with its plans (prices in pounds)',
        tags,
        who: 'public',
        response: { 200: z.object({ data: z.array(channelSchema) }) },
      }),
    },
    async (req) => ({ data: await listChannels(req.em) }),
  );
  app.get(
    '/channel/:id',
    {
      schema: doc({
        summary: 'One channel with its plans',
        tags,
        who: 'public',
        response: { 200: z.object({ data: channelSchema }), 404: 'Channel not found.' },
      }),
    },
    async (req) => {
      return { data: await getChannel(req.em, pathParams(channelIdInput, req.params, 'Channel not found.').id) };
    },
  );
}
