import { LockMode } from '@mikro-orm/core';
import type { z } from 'zod';
import type { EntityManager, EntityName, FilterQuery, RequiredEntityData } from '@mikro-orm/postgresql';
import {
  DESIRED_BODY_FAT,
  SETUP_STEPS,
  applicationDetailsInput,
  factFindingInput,
  type ApplicationDetailsDto,
  type FactFindingDto,
} from '@evolution/shared';
import { ApplicationDetails, FactFinding, User, type IUser } from '../entities/index.ts';
import type { IApplicationDetails } from '../entities/ApplicationDetails.ts';
import type { IFactFinding } from '../entities/FactFinding.ts';
import { DomainError } from '../errors.ts';
import type { ServiceContext, SignedInContext } from './context.ts';

export interface SetupStep<T> {
  message: string;
  initial_setup: 0 | 1;
  initial_setup_step: number;
  data: T;
}

export function applicationDetailsDto(a: IApplicationDetails): ApplicationDetailsDto {
  const q = (n: number) => (n ? 1 : 0) as 0 | 1;
  return {
    first_name: a.firstName ?? null,
    last_name: a.lastName ?? null,
    question1: q(a.question1),
    question2: q(a.question2),
    question3: q(a.question3),
    question4: q(a.question4),
    question5: q(a.question5),
    question6: q(a.question6),
    question7: q(a.question7),
    date: a.date,
    e_signature: a.eSignature,
    updated_at: a.updatedAt.toISOString(),
  };
}

export function factFindingDto(f: IFactFinding): FactFindingDto {
  return {
    date_of_birth: f.dateOfBirth,
    height: f.height,
    weight: f.weight,
    wrist_circumference: f.wristCircumference,
    ankle_circumference: f.ankleCircumference,
    desired_aesthetic: f.desiredAesthetic,
    desired_body_fat: f.desiredBodyFat,
    food_preference: f.foodPreference,
    waking_time: f.wakingTime,
    work_start: f.workStart,
    break_time_start_finish: f.breakTimeStartFinish,
    work_finish: f.workFinish,
    time_of_slumber: f.timeOfSlumber,
    physical_activities: f.physicalActivities,
    updated_at: f.updatedAt.toISOString(),
  };
}

/** A setup step's form: its number, the entity its answers are kept in, how they are answered and the saved message. */
interface StepForm<R, D> {
  step: number;
  entity: EntityName<R>;
  toDto: (row: R) => D;
  saved: string;
}

/** The setup steps: 1 the PAR-Q, 2 the fact-find; then setup is off (spec section 4). */
const PARQ: StepForm<IApplicationDetails, ApplicationDetailsDto> = {
  step: 1,
  entity: ApplicationDetails,
  toDto: applicationDetailsDto,
  saved: 'Application details saved',
};
const FACT_FIND: StepForm<IFactFinding, FactFindingDto> = {
  step: 2,
  entity: FactFinding,
  toDto: factFindingDto,
  saved: 'Fact-finding details saved',
};

/** Locks the member and checks that `step` is the one they are on: steps go in order and each counts once. */
async function atStep(em: EntityManager, userId: number, step: number): Promise<IUser> {
  const user = await em.findOneOrFail(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  if (!user.initialSetup || user.initialSetupStep > SETUP_STEPS)
    throw new DomainError('CONFLICT', 'Setup is already complete.');
  if (user.initialSetupStep < step)
    throw new DomainError('CONFLICT', 'Submit the readiness questionnaire (PAR-Q) first.');
  if (user.initialSetupStep > step)
    throw new DomainError(
      'CONFLICT',
      'The readiness questionnaire is already submitted: the next step is the fact-find.',
    );
  return user;
}

/** Moves the member past a step; after the last one setup is off. */
function advance(user: IUser) {
  user.initialSetupStep += 1;
  if (user.initialSetupStep > SETUP_STEPS) user.initialSetup = 0;
}

/** A member's answers to a setup step (a PAR-Q or a fact-find row), whoever asks, or null before they are sent. */
async function memberAnswers<R extends object, D>(
  ctx: Pick<ServiceContext, 'em'>,
  { entity, toDto }: StepForm<R, D>,
  memberId: number,
): Promise<D | null> {
  const row = await ctx.em.findOne(entity, { user: memberId } as FilterQuery<NoInfer<R>>);
  return row ? toDto(row) : null;
}

/**
 * One setup step in one transaction: the member locked and at the form's step, their answers saved (a row created, or
 * the one kept from an earlier try updated), the step advanced; answers the stored answers and where setup now stands.
 */
async function completeStep<R extends object, D>(
  ctx: SignedInContext,
  { step, entity, toDto, saved }: StepForm<R, D>,
  // Every required column but the member's, whom the step locks, so a save that leaves a column out does not compile.
  values: Omit<RequiredEntityData<R>, 'user'>,
): Promise<SetupStep<D>> {
  return ctx.em.transactional(async (em) => {
    const user = await atStep(em, ctx.actor.me.id, step);
    const existing = await em.findOne(entity, { user: user.id } as FilterQuery<NoInfer<R>>);
    const row = existing
      ? Object.assign(existing, values)
      : em.create(entity, { user, ...values } as RequiredEntityData<R>);
    advance(user);
    await em.flush();
    return {
      message: saved,
      initial_setup: user.initialSetup ? 1 : 0,
      initial_setup_step: user.initialSetupStep,
      data: toDto(row),
    };
  });
}

/** A member's PAR-Q, whoever asks (the member, or an admin reading their record), or null before it is sent. */
export function memberApplicationDetails(
  ctx: Pick<ServiceContext, 'em'>,
  memberId: number,
): Promise<ApplicationDetailsDto | null> {
  return memberAnswers(ctx, PARQ, memberId);
}

/** The member's PAR-Q, or null before they have sent it. */
export async function getApplicationDetails(ctx: SignedInContext): Promise<ApplicationDetailsDto | null> {
  return memberApplicationDetails(ctx, ctx.actor.me.id);
}

/** Setup step 1: stores the PAR-Q and moves on to the fact-find. */
export async function submitApplicationDetails(
  ctx: SignedInContext,
  input: z.output<typeof applicationDetailsInput>,
): Promise<SetupStep<ApplicationDetailsDto>> {
  return completeStep(ctx, PARQ, {
    firstName: input.first_name,
    lastName: input.last_name,
    date: input.date,
    eSignature: input.e_signature,
    question1: input.question1,
    question2: input.question2,
    question3: input.question3,
    question4: input.question4,
    question5: input.question5,
    question6: input.question6,
    question7: input.question7,
  });
}

/** A member's fact-find, whoever asks (the member, or an admin reading their record), or null before it is sent. */
export function memberFactFinding(ctx: Pick<ServiceContext, 'em'>, memberId: number): Promise<FactFindingDto | null> {
  return memberAnswers(ctx, FACT_FIND, memberId);
}

/** The member's fact-find, or null before they have sent it. */
export async function getFactFinding(ctx: SignedInContext): Promise<FactFindingDto | null> {
  return memberFactFinding(ctx, ctx.actor.me.id);
}

/** Setup step 2: stores the fact-find with the body fat the aesthetic aims at, and ends setup. */
export async function submitFactFinding(
  ctx: SignedInContext,
  input: z.output<typeof factFindingInput>,
): Promise<SetupStep<FactFindingDto>> {
  return completeStep(ctx, FACT_FIND, {
    dateOfBirth: input.date_of_birth,
    height: input.height,
    weight: input.weight,
    wristCircumference: input.wrist_circumference,
    ankleCircumference: input.ankle_circumference,
    desiredAesthetic: input.desired_aesthetic,
    desiredBodyFat: DESIRED_BODY_FAT[input.desired_aesthetic],
    foodPreference: input.food_preference,
    wakingTime: input.waking_time,
    workStart: input.work_start,
    breakTimeStartFinish: input.break_time_start_finish,
    workFinish: input.work_finish,
    timeOfSlumber: input.time_of_slumber,
    physicalActivities: input.physical_activities,
  });
}
