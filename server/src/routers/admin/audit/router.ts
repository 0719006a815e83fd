import { router } from '../../../trpc/init.ts';
import { adminsRoute } from './admins.ts';
import { listRoute } from './list.ts';

/** admin.audit: who read which member's health data, and when (docs/product.md §7). */
export const adminAuditRouter = router({ list: listRoute, admins: adminsRoute });
