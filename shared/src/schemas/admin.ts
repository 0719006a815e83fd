import { z } from 'zod';
import { pageInput } from './pagination.ts';

/** A row of the admin user list (admin.md section 3). */
export interface AdminUserRow {
  id: number;
  name: string;
  email: string;
  user_type: 1 | 2;
  role: 1 | 2;
  subscriber: boolean;
  created_at: string;
}

export const adminUserListInput = pageInput.extend({
  search: z.string().trim().max(255).optional().default(''),
  categoryId: z.coerce.number().int().min(0).max(2).optional(),
});
export type AdminUserListInput = z.infer<typeof adminUserListInput>;
