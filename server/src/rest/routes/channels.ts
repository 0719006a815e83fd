import type { FastifyInstance } from 'fastify';
import { channelIdInput } from '@evolution/shared';
import { getChannel, listChannels } from '../../services/channels.ts';
import { notFound } from '../../errors.ts';

/** Public channel and plan listing: GET /api/channel, GET /api/channel/{id}. */
export async function channelRoutes(app: FastifyInstance) {
  app.get('/channel', async (req) => ({ data: await listChannels(req.em) }));
  app.get('/channel/:id', async (req) => {
    // A path id that is not a number names no channel: 404, as Laravel's route binding answers.
    const parsed = channelIdInput.safeParse(req.params);
    if (!parsed.success) throw notFound('Channel not found.');
    return { data: await getChannel(req.em, parsed.data.id) };
  });
}
