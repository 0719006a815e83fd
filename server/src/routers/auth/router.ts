import { router } from '../../trpc/init.ts';
import { loginRoute } from './login.ts';
import { logoutRoute } from './logout.ts';
import { meRoute } from './me.ts';
import { registerRoute } from './register.ts';

export const authRouter = router({ login: loginRoute, register: registerRoute, me: meRoute, logout: logoutRoute });
