import { z } from 'zod';
import { pageInput } from './pagination.ts';

/** A row of the admin user list (admin.md section 3). */
export const adminUserRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  user_type: z.union([z.literal(1), z.literal(2)]),
  role: z.union([z.literal(1), z.literal(2)]),
  subscriber: z.boolean(),
  created_at: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUserListInput = pageInput.extend({
  search: z.string().trim().max(255, 'The search may not be greater than 255 characters.').optional().default(''),
  categoryId: z.coerce.number().int().min(0).max(2, 'The category is 1 (users) or 2 (admins).').optional(),
});
export type AdminUserListInput = z.infer<typeof adminUserListInput>;
