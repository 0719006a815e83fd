import { randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  SERVER_MESSAGE,
  TOKEN_MESSAGE,
  type TokenCreated,
  type TokenDto,
  type tokenCreateInput,
  type tokenIdInput,
} from '@evolution/shared';
import type { z } from 'zod';
import { db } from '../db/kysely.ts';
import { PersonalAccessToken } from '../entities/index.ts';
import { DomainError, notFound } from '../errors.ts';
import { personalTokenHash } from './auth.ts';
import type { SignedInContext } from './context.ts';

type TokenRow = Pick<
  InstanceType<typeof PersonalAccessToken.class>,
  'id' | 'name' | 'abilities' | 'lastUsedAt' | 'expiresAt' | 'createdAt'
>;

const tokenDto = (t: TokenRow): TokenDto => ({
  id: t.id,
  name: t.name,
  abilities: [...t.abilities],
  last_used_at: t.lastUsedAt?.toISOString() ?? null,
  expires_at: t.expiresAt?.toISOString() ?? null,
  created_at: t.createdAt.toISOString(),
});

const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A token's secret: 40 random letters and digits (Sanctum's Str::random(40), about 238 bits). */
const newSecret = () => Array.from({ length: 40 }, () => SECRET_ALPHABET[randomInt(SECRET_ALPHABET.length)]).join('');

/** GET user/tokens: the caller's personal access tokens, newest first, without their secrets. */
export async function listTokens(ctx: SignedInContext): Promise<TokenDto[]> {
  const rows = await ctx.em.find(PersonalAccessToken, { user: ctx.actor.me.id }, { orderBy: { id: 'desc' } });
  return rows.map(tokenDto);
}

/** GET user/tokens/{id}: one of the caller's tokens, without its secret; another user's is a 404. */
export async function getToken(ctx: SignedInContext, { id }: z.output<typeof tokenIdInput>): Promise<TokenDto> {
  const token = await ctx.em.findOne(PersonalAccessToken, { id, user: ctx.actor.me.id });
  if (!token) throw notFound(TOKEN_MESSAGE.notFound);
  return tokenDto(token);
}

/**
 * POST user/tokens: a new token for the caller; its `<id>|<secret>` is in this answer only (the secret is kept
 * hashed). Made with a password's session only: a personal token minting another could outlive its own expiry.
 */
export async function createToken(
  ctx: SignedInContext,
  input: z.output<typeof tokenCreateInput>,
): Promise<TokenCreated> {
  if (ctx.actor.personalToken) throw new DomainError('FORBIDDEN', TOKEN_MESSAGE.noTokenMinting);
  const secret = newSecret();
  const { me } = ctx.actor;
  const token = await ctx.em.transactional(async (em) => {
    // The session's password must still be the account's: a change committing meanwhile revokes every token, and
    // this one must not be made just after it (the share lock waits for that change).
    const user = await db(em)
      .selectFrom('users')
      .select('token_version')
      .where('id', '=', me.id)
      .forShare()
      .executeTakeFirst();
    if (user?.token_version !== me.tokenVersion)
      throw new DomainError('UNAUTHENTICATED', SERVER_MESSAGE.unauthenticated);
    const created = em.create(PersonalAccessToken, {
      user: me.id,
      name: input.name,
      token: personalTokenHash(secret),
      abilities: input.abilities,
      expiresAt: input.expires_at ?? null,
    });
    await em.flush();
    return created;
  });
  return { token: `${token.id}|${secret}`, data: tokenDto(token) };
}

/** DELETE user/tokens/{id}: the token stops working at once; one that is not the caller's is a 404. */
export async function revokeToken(
  ctx: SignedInContext,
  { id }: z.output<typeof tokenIdInput>,
): Promise<{ message: string }> {
  const deleted = await ctx.em.nativeDelete(PersonalAccessToken, { id, user: ctx.actor.me.id });
  if (!deleted) throw notFound(TOKEN_MESSAGE.notFound);
  return { message: TOKEN_MESSAGE.revoked };
}

/** Every personal access token of a user stops working: their password changed (by them, a reset or an admin). */
export async function revokeAllTokens(em: EntityManager, userId: number): Promise<void> {
  await em.nativeDelete(PersonalAccessToken, { user: userId });
}
