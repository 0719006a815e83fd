import { ROLE, SUPERHUMAN_MESSAGE, type MacroDataDto, type MacroGuidelines } from '@evolution/shared';
import { desiredBodyFat, energyBalance, macroData } from '../domain/macros.ts';
import { ChamberSnapshot, FactFinding, Page, PageCategory, Subscription, type IUser } from '../entities/index.ts';
import { DomainError, notFound } from '../errors.ts';
import type { ServiceContext, SignedInContext } from './context.ts';
import { accessMap } from './session.ts';

/** The content category holding the macro guidelines page (seeded with the nutrition content). */
export const MACRO_GUIDELINES_CATEGORY = 'superhuman';

/** Why a member has no customised macros: not on a plan that includes them, or switched off by the micro_data flag. */
type MacroRefusal = 'not_eligible' | 'switched_off';

/** Customised macros are for the superhuman plan (the superhuman_channel flag) with micro_data not set to false. */
async function macroRefusal(ctx: ServiceContext, member: IUser): Promise<MacroRefusal | null> {
  const sub = await ctx.em.findOne(Subscription, { user: member.id });
  const access = accessMap(member, sub);
  if (member.initialSetup || !access.superhuman_channel) return 'not_eligible';
  return access.micro_data === false ? 'switched_off' : null;
}

/**
 * A member's macro data from their fact-find and latest data analysis (docs/product.md §4), whoever asks; null
 * while either is missing. The member's own call and the admin's view of a member both read it here.
 */
export async function memberMacroData(ctx: ServiceContext, memberId: number): Promise<MacroDataDto | null> {
  const [fact, latest] = await Promise.all([
    ctx.em.findOne(FactFinding, { user: memberId }),
    ctx.em.findOne(ChamberSnapshot, { user: memberId }, { orderBy: { id: 'desc' }, fields: ['weight', 'bodyFat'] }),
  ]);
  if (!fact || !latest) return null;
  const macros = macroData({
    heightIn: Number(fact.height),
    wristIn: Number(fact.wristCircumference),
    ankleIn: Number(fact.ankleCircumference),
    desiredAesthetic: fact.desiredAesthetic,
    weightKg: Number(latest.weight),
    bodyFat: Number(latest.bodyFat),
  });
  const target = desiredBodyFat(fact.desiredAesthetic);
  if (!macros || target === null) return null;
  return {
    ...macros,
    desired_body_fat: target,
    desired_aesthetic: fact.desiredAesthetic,
    body_fat: Number(latest.bodyFat),
    weight: Number(latest.weight),
    energy_balance: energyBalance(Number(latest.bodyFat), target),
  };
}

/** GET user/evolution/macro_data: 403 with the tier message for members without customised macros, 404 before measurements. */
export async function ownMacroData(ctx: SignedInContext): Promise<MacroDataDto> {
  const member = ctx.actor.user;
  const refusal = await macroRefusal(ctx, member);
  if (refusal)
    throw new DomainError(
      'FORBIDDEN',
      refusal === 'switched_off' ? SUPERHUMAN_MESSAGE.macrosOff : SUPERHUMAN_MESSAGE.notEligible,
    );
  const macros = await memberMacroData(ctx, member.id);
  if (!macros) throw notFound(SUPERHUMAN_MESSAGE.needsMeasurements);
  return macros;
}

/** The macro guidelines screen, open to any signed-in user: the guidance page, with a member's own macros when they have them. */
export async function macroGuidelines(ctx: SignedInContext): Promise<MacroGuidelines> {
  const reader = ctx.actor.user;
  const category = await ctx.em.findOne(PageCategory, { slug: MACRO_GUIDELINES_CATEGORY });
  const page =
    category && (await ctx.em.findOne(Page, { category: category.id }, { orderBy: { position: 'asc', id: 'asc' } }));
  if (!page) throw notFound('Page not found.');
  const guidance = { id: page.id, title: page.title, content: page.content };
  if (reader.role !== ROLE.member) return { page: guidance, macros: null, reason: 'not_eligible' };
  const refusal = await macroRefusal(ctx, reader);
  if (refusal) return { page: guidance, macros: null, reason: refusal };
  const macros = await memberMacroData(ctx, reader.id);
  return { page: guidance, macros, reason: macros ? null : 'no_data' };
}
