import { randomUUID } from 'node:crypto';

/** Claims we put in an access token. `tv` is the user's token version at issue time. */
export interface TokenClaims {
  sub: string;
  tv: number;
  jti: string;
  exp?: number;
  iat?: number;
}

/** Signs and verifies access tokens; backed by @fastify/jwt with a pinned algorithm. */
export interface TokenIssuer {
  sign(claims: Omit<TokenClaims, 'jti' | 'exp' | 'iat'> & { jti?: string }, ttlSeconds: number): string;
  verify(token: string): TokenClaims;
}

export const newTokenId = () => randomUUID().replace(/-/g, '');
