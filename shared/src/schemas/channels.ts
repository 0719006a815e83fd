import { z } from 'zod';
import { wholeIdField } from './fields.ts';

export const planSchema = z
  .object({
    plan_id: z.number().int(),
    channel_id: z.number().int(),
    name: z.string(),
    amount: z.number().describe('pounds'),
    amount_pence: z.number().int(),
    currency: z.literal('gbp'),
    duration: z.string().describe('e.g. "1 month"'),
    active: z.boolean(),
  })
  .meta({ id: 'Plan' });
export type PlanDto = z.infer<typeof planSchema>;

/** A channel's own columns: the members' and the admin's channel answers both start with them. */
export const channelFields = {
  id: z.number().int(),
  short_name: z.string(),
  active: z.boolean(),
  name: z.string(),
};

export const channelSchema = z
  .object({
    ...channelFields,
    plans: z.array(planSchema),
    updated_at: z.string(),
  })
  .meta({ id: 'Channel' });
export type ChannelDto = z.infer<typeof channelSchema>;

export const channelIdInput = z.object({ id: wholeIdField('id') });
