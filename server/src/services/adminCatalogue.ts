import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import {
  FIELD_MESSAGE,
  CATALOGUE_MESSAGE,
  CHANNEL,
  calibrationUpdateInput,
  catalogueIdInput,
  channelUpdateInput,
  pageInput,
  renamedPlanName,
  vo2LevelUpdateInput,
  type AdminCalibration,
  type AdminChannel,
  type AdminPlan,
  type ExerciseTypeRow,
  type FormGroupOption,
  type MuscleGroupRow,
  type Vo2LevelRow,
} from '@evolution/shared';
import type { AppConfig } from '../config.ts';
import { db, now, liveSubscriptionStatuses } from '../db/kysely.ts';
import { applyVo2Edit } from '../domain/vo2Tiling.ts';
import { Calibration, Channel, ExerciseType, FormGroup, MuscleGroup, Vo2MaxLevel } from '../entities/index.ts';
import type { ICalibration } from '../entities/Calibration.ts';
import type { IChannel } from '../entities/Channel.ts';
import type { IPlan } from '../entities/Plan.ts';
import type { IVo2MaxLevel } from '../entities/Vo2MaxLevel.ts';
import { DomainError, laravelMessage, notFound, validationError, type FieldErrors } from '../errors.ts';
import { editingContent } from './contentCache.ts';
import type { SignedInContext } from './context.ts';
import { findPaged, type Page } from './pagination.ts';
import { idempotencyKey } from './payments/index.ts';
import { stripeClient } from './payments/stripe.ts';
import { serviceLog } from './log.ts';
import { enqueueVo2Relabel } from './vo2Relabel.ts';

type CatalogueId = z.output<typeof catalogueIdInput>;

// ---- Lookups

/** Every exercise type, by id (the selects of the calibration and form group screens). */
export async function listExerciseTypes(ctx: SignedInContext): Promise<ExerciseTypeRow[]> {
  const rows = await ctx.em.find(ExerciseType, {}, { orderBy: { id: 'asc' } });
  return rows.map((t) => ({ id: t.id, name: t.name }));
}

/** Every muscle group, by id, with its short handle. */
export async function listMuscleGroups(ctx: SignedInContext): Promise<MuscleGroupRow[]> {
  const rows = await ctx.em.find(MuscleGroup, {}, { orderBy: { id: 'asc' } });
  return rows.map((m) => ({ id: m.id, name: m.name, short_handle: m.shortHandle }));
}

/** Every form group by name, not paged (the form group select of the calibration and form screens). */
export async function listAllFormGroups(ctx: SignedInContext): Promise<FormGroupOption[]> {
  const rows = await ctx.em.find(FormGroup, {}, { orderBy: { name: 'asc', id: 'asc' }, fields: ['id', 'name'] });
  return rows.map((g) => ({ id: g.id, name: g.name }));
}

// ---- Calibrations

function calibrationRow(c: ICalibration): AdminCalibration {
  return {
    id: c.id,
    form: c.form,
    max: c.max,
    reps_or_time: c.repsOrTime as 1 | 2,
    total_weight: c.totalWeight,
    exercise_type_id: c.exerciseType.id,
    exercise_type_name: c.exerciseType.name,
    muscle_group_id: c.muscleGroup?.id ?? null,
    muscle_group_short_handle: c.muscleGroup?.shortHandle ?? null,
    form_group_id: c.formGroup.id,
    form_group_name: c.formGroup.name,
    updated_at: c.updatedAt.toISOString(),
  };
}

const calibrationPopulate = ['exerciseType', 'muscleGroup', 'formGroup'] as const;

/** Every calibration in form group order, not paged (docs/spec/admin.md §7: GET admin/calibration). */
export async function listCalibrations(ctx: SignedInContext): Promise<AdminCalibration[]> {
  const rows = await ctx.em.find(
    Calibration,
    {},
    { populate: calibrationPopulate, orderBy: { formGroup: { id: 'asc' }, id: 'asc' } },
  );
  return rows.map(calibrationRow);
}

/** One calibration, or 404. */
export async function getCalibration(ctx: SignedInContext, { id }: CatalogueId): Promise<AdminCalibration> {
  const c = await ctx.em.findOne(Calibration, { id }, { populate: calibrationPopulate });
  if (!c) throw notFound(CATALOGUE_MESSAGE.calibrationNotFound);
  return calibrationRow(c);
}

/**
 * Edits a calibration's definition. Members' calibration max tests and their ladder start (amount / max) use it
 * from the next submission. A form group has one calibration, so moving it onto a group that has one is refused.
 * Results already recorded keep the name the test had when taken (docs/product.md §3).
 */
export async function updateCalibration(
  ctx: SignedInContext,
  { id, ...input }: CatalogueId & z.output<typeof calibrationUpdateInput>,
): Promise<AdminCalibration> {
  return editingContent(ctx.em, async () => {
    return ctx.em.transactional(async (tx) => {
      const c = await tx.findOne(Calibration, { id }, { populate: calibrationPopulate });
      if (!c) throw notFound(CATALOGUE_MESSAGE.calibrationNotFound);
      const errors: FieldErrors = {};
      const [type, group, muscle, taken] = await Promise.all([
        tx.findOne(ExerciseType, { id: input.exercise_type_id }),
        tx.findOne(FormGroup, { id: input.form_group_id }),
        input.muscle_group_id ? tx.findOne(MuscleGroup, { id: input.muscle_group_id }) : null,
        tx.findOne(Calibration, { formGroup: input.form_group_id, id: { $ne: id } }),
      ]);
      if (!type) errors.exercise_type_id = [FIELD_MESSAGE.chooseListed('exercise type')];
      if (!group) errors.form_group_id = [FIELD_MESSAGE.chooseListed('form group')];
      else if (taken)
        errors.form_group_id = [`The form group ${group.name} already has a calibration (${taken.form}).`];
      if (input.muscle_group_id && !muscle) errors.muscle_group_id = [FIELD_MESSAGE.chooseListed('muscle group')];
      if (Object.keys(errors).length)
        throw new DomainError('VALIDATION', laravelMessage(errors), { fieldErrors: errors });
      Object.assign(c, {
        form: input.form,
        max: input.max,
        repsOrTime: input.reps_or_time,
        totalWeight: input.total_weight,
        exerciseType: type!,
        formGroup: group!,
      });
      if (input.muscle_group_id !== undefined) c.muscleGroup = muscle ?? null;
      await tx.flush();
      return calibrationRow(c);
    });
  });
}

// ---- VO2 max levels

function vo2Row(l: IVo2MaxLevel): Vo2LevelRow {
  return {
    id: l.id,
    level_name: l.levelName,
    level: l.level,
    min: l.min ?? null,
    max: l.max ?? null,
    updated_at: l.updatedAt.toISOString(),
  };
}

/** The VO2 max levels by rank, 10 a page. */
export async function listVo2Levels(
  ctx: SignedInContext,
  { page }: z.output<typeof pageInput>,
): Promise<Page<Vo2LevelRow>> {
  const found = await findPaged(ctx.em, Vo2MaxLevel, {}, page, { orderBy: { level: 'asc', id: 'asc' } });
  return { ...found, items: found.items.map(vo2Row) };
}

/** One VO2 max level, or 404. */
export async function getVo2Level(ctx: SignedInContext, { id }: CatalogueId): Promise<Vo2LevelRow> {
  const l = await ctx.em.findOne(Vo2MaxLevel, { id });
  if (!l) throw notFound(CATALOGUE_MESSAGE.vo2NotFound);
  return vo2Row(l);
}

/**
 * Edits a VO2 max level. The ranges must still tile the scale (see applyVo2Edit): an overlap or a gap is a 422 naming
 * the neighbour, unless move_neighbours moves the neighbours' adjoining bounds too. The same transaction queues the
 * relabel (services/vo2Relabel.ts), which then gives every recorded VO2 test and chamber snapshot its level in the new
 * ranges in short batches, so members see the new levels within seconds however many tests there are.
 */
export async function updateVo2Level(
  ctx: SignedInContext,
  { id, ...input }: CatalogueId & z.output<typeof vo2LevelUpdateInput>,
): Promise<Vo2LevelRow> {
  return ctx.em.transactional(async (tx) => {
    // Every level locked: two admins moving neighbouring bounds at once could otherwise open a gap.
    const levels = await tx.find(
      Vo2MaxLevel,
      {},
      { orderBy: { level: 'asc', id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    const level = levels.find((l) => l.id === id);
    if (!level) throw notFound(CATALOGUE_MESSAGE.vo2NotFound);
    const bands = levels.map((l) => ({
      id: l.id,
      name: l.id === id ? input.level_name : l.levelName,
      min: l.min ?? null,
      max: l.max ?? null,
    }));
    const result = applyVo2Edit(bands, id, { min: input.min, max: input.max, moveNeighbours: input.move_neighbours });
    if (!result.ok) throw validationError(result.error.field, result.error.message);
    for (const change of result.changed)
      Object.assign(
        levels.find((l) => l.id === change.id)!,
        { min: change.min, max: change.max },
      );
    level.levelName = input.level_name;
    if (input.level !== undefined) level.level = input.level;
    await tx.flush();
    await enqueueVo2Relabel(tx);
    return vo2Row(level);
  });
}

// ---- Channels and plans

const durationText = (p: Pick<IPlan, 'interval' | 'intervalCount'>) =>
  `${p.intervalCount} ${p.interval}${p.intervalCount === 1 ? '' : 's'}`;

function planRow(p: IPlan, channelId: number, subscribers: Map<number, number>): AdminPlan {
  return {
    id: p.id,
    name: p.name,
    amount: p.amountPence / 100,
    amount_pence: p.amountPence,
    duration: durationText(p),
    active: p.active,
    purchasable: channelId !== CHANNEL.immortal,
    subscribers: subscribers.get(p.id) ?? 0,
  };
}

function channelRow(c: IChannel, subscribers: Map<number, number>): AdminChannel {
  return {
    id: c.id,
    short_name: c.shortName,
    active: c.active,
    name: c.name,
    updated_at: c.updatedAt.toISOString(),
    plans: c.plans.getItems().map((p) => planRow(p, c.id, subscribers)),
  };
}

/**
 * Subscriptions that still give access (active or trialing, period not over: session.isSubscriptionActive), counted
 * by plan in the database over the partial index of live subscriptions, never loaded: a channel has hundreds of
 * thousands.
 */
async function subscriberCounts(em: EntityManager, planIds: number[]): Promise<Map<number, number>> {
  if (!planIds.length) return new Map();
  // The statuses stay literals, spelled as the partial index's predicate spells them.
  const rows = await db(em)
    .selectFrom('subscriptions')
    .select((eb) => ['plan_id', eb.cast<number>(eb.fn.countAll(), 'integer').as('n')])
    .where('plan_id', 'in', planIds)
    .where('status', 'in', liveSubscriptionStatuses())
    .where('current_period_end', '>', now())
    .groupBy('plan_id')
    .execute();
  return new Map(rows.map((r) => [r.plan_id, r.n]));
}

/** The channels by id with their plans, 10 a page. */
export async function listAdminChannels(
  ctx: SignedInContext,
  { page }: z.output<typeof pageInput>,
): Promise<Page<AdminChannel>> {
  const found = await findPaged(ctx.em, Channel, {}, page, { populate: ['plans'], orderBy: { id: 'asc' } });
  const counts = await subscriberCounts(
    ctx.em,
    found.items.flatMap((c) => c.plans.getItems().map((p) => p.id)),
  );
  return { ...found, items: found.items.map((c) => channelRow(c, counts)) };
}

/** One channel with its plans, or 404. */
export async function getAdminChannel(ctx: SignedInContext, { id }: CatalogueId): Promise<AdminChannel> {
  const c = await ctx.em.findOne(Channel, { id }, { populate: ['plans'] });
  if (!c) throw notFound(CATALOGUE_MESSAGE.channelNotFound);
  return channelRow(
    c,
    await subscriberCounts(
      ctx.em,
      c.plans.getItems().map((p) => p.id),
    ),
  );
}

/**
 * A new Stripe Price for a plan's new amount (same product naming and idempotency key as the provider's own, so a
 * purchase and this call converge on one price). Existing Stripe subscriptions keep their old price: what an
 * existing subscriber pays changes only when they change plan.
 */
async function newStripePrice(config: AppConfig, plan: IPlan, amountPence: number): Promise<string> {
  try {
    const price = await stripeClient(config).prices.create(
      {
        currency: 'gbp',
        unit_amount: amountPence,
        recurring: { interval: plan.interval, interval_count: plan.intervalCount },
        product_data: { name: plan.name },
        metadata: { plan_id: String(plan.id) },
      },
      { idempotencyKey: idempotencyKey('price', plan.id, amountPence, plan.interval, plan.intervalCount) },
    );
    return price.id;
  } catch (err) {
    serviceLog(config, 'error', 'Stripe price creation failed', {
      planId: plan.id,
      message: err instanceof Error ? err.message : String(err),
    });
    throw new DomainError(
      'PAYMENT_FAILED',
      'Stripe could not create the new price, so nothing was changed. Please try again later.',
    );
  }
}

/**
 * Renames a channel (and its plans named after it) and, when `plans` is sent, sets its plans' prices (pounds → pence)
 * and whether each is on sale.
 * A plan off sale is no longer offered at signup or subscribe; its subscribers keep it. The Immortal channel's plans
 * never go on sale. With Stripe configured a changed price gets a new Stripe Price before anything is saved.
 */
export async function updateAdminChannel(
  ctx: SignedInContext,
  { id, ...input }: CatalogueId & z.output<typeof channelUpdateInput>,
): Promise<AdminChannel> {
  return editingContent(ctx.em, async () => {
    return ctx.em.transactional(async (tx) => {
      const channel = await tx.findOne(Channel, { id }, { populate: ['plans'] });
      if (!channel) throw notFound(CATALOGUE_MESSAGE.channelNotFound);
      const errors: FieldErrors = {};
      const seen = new Set<number>();
      const edits = (input.plans ?? []).map((p, i) => {
        const plan = channel.plans.getItems().find((x) => x.id === p.id);
        if (!plan) (errors[`plans.${i}.id`] ??= []).push('The selected plan id is not a plan of this channel.');
        else if (seen.has(p.id)) (errors[`plans.${i}.id`] ??= []).push('The plans.id field has a duplicate value.');
        if (plan && p.active && channel.id === CHANNEL.immortal)
          (errors[`plans.${i}.active`] ??= []).push(CATALOGUE_MESSAGE.immortalOnSale);
        seen.add(p.id);
        return { plan, pence: Math.round(p.amount * 100), active: p.active };
      });
      if (Object.keys(errors).length)
        throw new DomainError('VALIDATION', laravelMessage(errors), { fieldErrors: errors });
      for (const { plan, pence, active } of edits) {
        if (!plan) continue;
        if (pence !== plan.amountPence) {
          // Without Stripe, the offline provider reads the amount at purchase; a stale Stripe price is simply dropped.
          plan.stripePriceId = ctx.config.stripeSecretKey ? await newStripePrice(ctx.config, plan, pence) : null;
          plan.amountPence = pence;
        }
        plan.active = active;
      }
      // Plans are named after their channel: a rename renames them too, in this transaction (docs/product.md §5).
      for (const plan of channel.plans.getItems()) {
        const renamed = renamedPlanName(plan.name, channel.name, input.name);
        if (renamed !== null) plan.name = renamed;
      }
      channel.name = input.name;
      await tx.flush();
      return channelRow(
        channel,
        await subscriberCounts(
          tx,
          channel.plans.getItems().map((p) => p.id),
        ),
      );
    });
  });
}
