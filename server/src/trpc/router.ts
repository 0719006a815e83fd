import { accountRouter } from '../routers/account/router.ts';
import { adminRouter } from '../routers/admin/router.ts';
import { authRouter } from '../routers/auth/router.ts';
import { channelsRouter } from '../routers/channels/router.ts';
import { setupRouter } from '../routers/setup/router.ts';
import { superhumanRouter } from '../routers/superhuman/router.ts';
import { warriorRouter } from '../routers/warrior/router.ts';
import { flagsRouter } from '../routers/flags/router.ts';
import { messagesRouter } from '../routers/messages/router.ts';
import { liveRouter } from '../routers/live/router.ts';
import { pushRouter } from '../routers/push/router.ts';
import { tokensRouter } from '../routers/tokens/router.ts';
import { router } from './init.ts';

export const appRouter = router({
  auth: authRouter,
  channels: channelsRouter,
  admin: adminRouter,
  setup: setupRouter,
  account: accountRouter,
  warrior: warriorRouter,
  superhuman: superhumanRouter,
  flags: flagsRouter,
  messages: messagesRouter,
  live: liveRouter,
  push: pushRouter,
  tokens: tokensRouter,
});

export type AppRouter = typeof appRouter;
