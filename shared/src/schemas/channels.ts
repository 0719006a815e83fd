import { z } from 'zod';

export interface PlanDto {
  plan_id: number;
  channel_id: number;
  name: string;
  amount: number;
  amount_pence: number;
  currency: 'gbp';
  duration: string;
  active: boolean;
}

export interface ChannelDto {
  id: number;
  short_name: string;
  active: boolean;
  name: string;
  plans: PlanDto[];
  updated_at: string;
}

export const channelIdInput = z.object({ id: z.coerce.number({ error: 'The id must be a whole number.' }).int('The id must be a whole number.').positive('The id must be a whole number.') });
