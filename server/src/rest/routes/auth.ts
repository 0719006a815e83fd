import type { FastifyInstance } from 'fastify';
import { currentUser, login, logout, register } from '../../services/auth.ts';
import { requireUser, svc } from '../auth.ts';

/** Sign-in calls: login, register, start-up and logout (PRODUCT.md section 2). */
export async function authRoutes(app: FastifyInstance) {
  app.post('/login', (req) => login(svc(req), req.body));
  app.post('/register', async (req, reply) => reply.status(201).send(await register(svc(req), req.body)));
  app.get('/user', async (req) => currentUser(svc(req), await requireUser(req)));
  app.get('/logout', async (req) => {
    const actor = await requireUser(req);
    return logout(svc(req, actor), actor);
  });
}
