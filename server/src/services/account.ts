import {
  ROLE,
  ACCOUNT_MESSAGE,
  changePasswordInput,
  contactDetailsInput,
  deleteAccountInput,
  setsInput,
  type ContactDetailsDto,
} from '@evolution/shared';
import type { z } from 'zod';
import {
  ApplicationDetails,
  ContactDetails,
  Evolution,
  FactFinding,
  Media,
  PasswordReset,
  User,
} from '../entities/index.ts';
import type { IContactDetails } from '../entities/ContactDetails.ts';
import { DomainError, validationError } from '../errors.ts';
import type { ServiceContext, SignedInContext } from './context.ts';
import { refuseCommonPassword } from './commonPasswords.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { revokeAllTokens } from './personalTokens.ts';
import { chooseSets } from '../domain/rounds.ts';
import type { IEvolution } from '../entities/Evolution.ts';
import { hit } from './rateLimit.ts';
import { clearSignInFailures, normaliseEmail } from './auth.ts';
import { ensureEvolution, evolutionState } from './session.ts';
import { applicationDetailsDto, factFindingDto } from './setup.ts';
import { endSubscriptionNow, postalAddress, subscriptionView } from './subscriptions.ts';
import { newTokenId } from './tokens.ts';
import { trainingExport } from './evolution.ts';
import { deleteMemberFiles, mediaBase64 } from './media.ts';

/**
 * Checks the member's current password; wrong guesses are throttled like logins, and count toward the account's
 * limit across addresses too (a stolen session is no second way to guess).
 */
async function confirmPassword(ctx: SignedInContext, plain: string, field: string, message: string): Promise<void> {
  const { actor } = ctx;
  const key = `password|${actor.user.id}`;
  const account = normaliseEmail(actor.me.email);
  // Spent before the check (parallel guesses cannot slip past), given back when the password is right.
  await hit(ctx.limits.login, key);
  await hit(ctx.limits.loginAccount, account);
  const sessionVersion = actor.user.tokenVersion;
  const user = await ctx.em.findOneOrFail(User, { id: actor.user.id }, { populate: ['password'], refresh: true });
  // A password change that landed meanwhile (a double submit) ended this session: that is the answer, not "wrong password".
  if (user.tokenVersion !== sessionVersion) throw new DomainError('UNAUTHENTICATED', 'Unauthenticated.');
  if (!(await verifyPassword(user.password, plain))) throw validationError(field, message);
  await ctx.limits.login.reward(key, 1);
  await ctx.limits.loginAccount.reward(account, 1);
}

/**
 * Changes the password and ends every other session (the token version moves on); answers a fresh token for this
 * session, valid as long as the one it replaces. A second change racing with the same token is refused (401).
 */
export async function changePassword(
  ctx: SignedInContext,
  input: z.output<typeof changePasswordInput>,
): Promise<{ message: string; access_token: string }> {
  const { actor } = ctx;
  // A form fault, refused before the old password spends a sign-in attempt.
  refuseCommonPassword(input.password);
  await confirmPassword(ctx, input.old_password, 'old_password', ACCOUNT_MESSAGE.oldPasswordWrong);
  const version = actor.user.tokenVersion;
  const password = await hashPassword(ctx.config, input.password);
  // One transaction: a password never changes while its reset links or personal access tokens live on.
  await ctx.em.transactional(async (em) => {
    const changed = await em.nativeUpdate(
      User,
      { id: actor.user.id, tokenVersion: version },
      { password, tokenVersion: version + 1 },
    );
    if (changed !== 1) throw new DomainError('UNAUTHENTICATED', 'Unauthenticated.');
    await em.nativeDelete(PasswordReset, { user: actor.user.id });
    await revokeAllTokens(em, actor.user.id);
  });
  await clearSignInFailures(ctx, actor.user.email);
  const ttl = Math.max(60, actor.exp - Math.floor(Date.now() / 1000));
  return {
    message: ACCOUNT_MESSAGE.passwordChanged,
    access_token: ctx.tokens.sign({ sub: String(actor.user.id), tv: version + 1, jti: newTokenId() }, ttl),
  };
}

function contactDetailsDto(c: IContactDetails | null): ContactDetailsDto {
  return {
    address_line1: c?.addressLine1 ?? null,
    address_line2: c?.addressLine2 ?? null,
    city: c?.city ?? null,
    county: c?.county ?? null,
    postcode: c?.postcode ?? null,
    country: c?.country ?? null,
    telephone: c?.telephone ?? null,
    twitter: c?.twitter ?? null,
    linkedin: c?.linkedin ?? null,
    facebook: c?.facebook ?? null,
    instagram: c?.instagram ?? null,
  };
}

/** A member's contact form, whoever asks (the member, or an admin reading their record); every field null until filled in. */
export async function memberContactDetails(
  ctx: Pick<ServiceContext, 'em'>,
  memberId: number,
): Promise<ContactDetailsDto> {
  return contactDetailsDto(await ctx.em.findOne(ContactDetails, { user: memberId }));
}

/** The contact form; every field null until the member fills it in. */
export async function getContactDetails(ctx: SignedInContext): Promise<ContactDetailsDto> {
  return memberContactDetails(ctx, ctx.actor.me.id);
}

/** Saves the eleven contact fields (social links optional). */
export async function updateContactDetails(
  ctx: SignedInContext,
  input: z.output<typeof contactDetailsInput>,
): Promise<ContactDetailsDto> {
  const values = {
    ...postalAddress(input),
    twitter: input.twitter,
    linkedin: input.linkedin,
    facebook: input.facebook,
    instagram: input.instagram,
  };
  await ctx.em.upsert(
    ContactDetails,
    { user: ctx.actor.me.id, ...values },
    { onConflictFields: ['user'], onConflictExcludeFields: ['createdAt', 'firstName', 'lastName'] },
  );
  return getContactDetails(ctx);
}

export interface SetsDto {
  number_of_sets: number;
  current_number_of_sets: number;
}

/** The work volume: the level chosen (pending until the next volume-phase submission) and the one in use. */
const setsDto = (evo: Pick<IEvolution, 'numberOfSets' | 'pendingNumberOfSets'>): SetsDto => ({
  number_of_sets: evo.pendingNumberOfSets ?? evo.numberOfSets,
  current_number_of_sets: evo.numberOfSets,
});

export async function getSets(ctx: SignedInContext): Promise<SetsDto> {
  return setsDto(await ensureEvolution(ctx.em, ctx.actor.user));
}

/** Chooses a work-volume level; the volume phase uses it from its next submission on (spec section 4). */
export async function updateSets(
  ctx: SignedInContext,
  { number_of_sets }: z.output<typeof setsInput>,
): Promise<SetsDto> {
  const evo = await ensureEvolution(ctx.em, ctx.actor.user);
  // The schema admits only the seven levels, so the rule always has an answer.
  Object.assign(
    evo,
    chooseSets(
      { numberOfSets: evo.numberOfSets, pendingNumberOfSets: evo.pendingNumberOfSets ?? null },
      number_of_sets,
    ),
  );
  await ctx.em.flush();
  return setsDto(evo);
}

/** The subscription screen's view, or null for a member who never subscribed (the channel is required when there is one). */
async function subscriptionOrNull(ctx: SignedInContext) {
  const view = await subscriptionView(ctx);
  return view.channel_id === null ? null : view;
}

/** Everything stored about the member, as JSON (a data-protection access request); later domains add their sections. */
export async function exportData(ctx: SignedInContext): Promise<Record<string, unknown>> {
  const id = ctx.actor.me.id;
  const em = ctx.em;
  const [user, contact, parq, factFind, evolution] = await Promise.all([
    em.findOneOrFail(User, { id }),
    em.findOne(ContactDetails, { user: id }),
    em.findOne(ApplicationDetails, { user: id }),
    em.findOne(FactFinding, { user: id }),
    em.findOne(Evolution, { user: id }),
  ]);
  return {
    exported_at: new Date().toISOString(),
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role === ROLE.admin ? 'admin' : 'member',
      initial_setup: user.initialSetup,
      initial_setup_step: user.initialSetupStep,
      access: user.access,
      created_at: user.createdAt.toISOString(),
      updated_at: user.updatedAt.toISOString(),
    },
    contact_details: contact
      ? { first_name: contact.firstName ?? null, last_name: contact.lastName ?? null, ...contactDetailsDto(contact) }
      : null,
    application_details: parq ? applicationDetailsDto(parq) : null,
    fact_finding_details: factFind ? factFindingDto(factFind) : null,
    subscription: await subscriptionOrNull(ctx),
    training: await trainingExport(ctx, id),
    photos: await Promise.all(
      (await em.find(Media, { owner: id }, { orderBy: { id: 'asc' } })).map(async (m) => ({
        id: m.id,
        mime: m.mime,
        created_at: m.createdAt.toISOString(),
        base64: await mediaBase64(ctx.config, m),
      })),
    ),
    evolution: evolution ? { ...evolutionState(evolution), start_date: evolution.startDate.toISOString() } : null,
  };
}

/** Deletes the account and all its data after the password is confirmed; the subscription is ended with the provider first. */
export async function deleteAccount(
  ctx: SignedInContext,
  { password }: z.output<typeof deleteAccountInput>,
): Promise<{ message: string }> {
  await confirmPassword(ctx, password, 'password', ACCOUNT_MESSAGE.passwordWrong);
  await removeAccount(ctx, ctx.actor.me.id);
  return { message: ACCOUNT_MESSAGE.accountDeleted };
}

/**
 * Removes an account and everything stored about it: the member's own deletion and an admin's both end here. The
 * subscription is ended with the provider first, then the uploaded files, then the user with every row by cascade.
 */
export async function removeAccount(ctx: ServiceContext, userId: number): Promise<void> {
  // If the provider cannot be reached the account stays, so nobody is billed for an account that no longer exists.
  await endSubscriptionNow(ctx, userId);
  // Rows go with the user by cascade; uploaded files are in the store (folder or bucket) and go first.
  await deleteMemberFiles(ctx, userId);
  await ctx.em.nativeDelete(User, { id: userId });
}
