import type { FastifyInstance } from 'fastify';
import { appRouter } from '../../src/trpc/router.ts';

/**
 * Every REST route the app registered, as 'METHOD /path/:param', read from Fastify's own route tree. HEAD (answered
 * by every GET) is left out, and so is /trpc/:path: the tRPC adapter's one route, whose procedures are listed apart.
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const found = new Set<string>();
  // Each line is "<tree drawing><segment> (METHODS)"; a child's segment continues its parent's path.
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack.length = depth;
    stack.push(path);
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method === 'HEAD' || path === '/trpc/:path') continue;
      found.add(`${method} ${path}`);
    }
  }
  return [...found].sort();
}

/** Every tRPC procedure as '<type> <path>' (query, mutation or subscription). */
export function registeredProcedures(): string[] {
  return Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)
    .map(([path, p]) => `${p._def.type} ${path}`)
    .sort();
}
