import type { EntityManager } from '@mikro-orm/postgresql';
import { CHANNEL, DESIRED_BODY_FAT, ROLE } from '@evolution/shared';
import type { AppConfig } from '../config.ts';
import {
  ApplicationDetails,
  Channel,
  ContactDetails,
  Evolution,
  FactFinding,
  Plan,
  Subscription,
  User,
} from '../entities/index.ts';
import { normaliseEmail } from '../services/auth.ts';
import { hashPassword } from '../services/passwords.ts';
import type { StorageSettings } from '../services/storage.ts';
import { seedDemoHistory } from './demoHistory.ts';
import { seedDemoVideos } from './demoMedia.ts';
import { createOrm } from './orm.ts';
import { seedNutrition } from './nutrition.ts';
import { seedProgramme } from './programme.ts';
import { upgradeSeededPageTexts } from './pageText.ts';

/** The channels and plans of the specs (ids fixed: 1 warrior, 2 superhuman, 3 immortal; prices in pence). */
const CHANNELS = [
  { id: CHANNEL.warrior, shortName: 'warrior', name: 'Warrior', active: true },
  { id: CHANNEL.superhuman, shortName: 'superhuman', name: 'Superhuman', active: true },
  { id: CHANNEL.immortal, shortName: 'immortal', name: 'Immortal', active: false },
];
const PLANS = [
  {
    id: 1,
    channel: CHANNEL.warrior,
    name: 'Warrior monthly',
    amountPence: 2999,
    interval: 'month',
    intervalCount: 1,
    active: true,
  },
  {
    id: 2,
    channel: CHANNEL.warrior,
    name: 'Warrior yearly',
    amountPence: 29900,
    interval: 'year',
    intervalCount: 1,
    active: true,
  },
  {
    id: 3,
    channel: CHANNEL.superhuman,
    name: 'Superhuman monthly',
    amountPence: 4999,
    interval: 'month',
    intervalCount: 1,
    active: true,
  },
  {
    id: 4,
    channel: CHANNEL.superhuman,
    name: 'Superhuman yearly',
    amountPence: 49900,
    interval: 'year',
    intervalCount: 1,
    active: true,
  },
  {
    id: 5,
    channel: CHANNEL.immortal,
    name: 'Immortal monthly',
    amountPence: 19999,
    interval: 'month',
    intervalCount: 1,
    active: false,
  },
] as const;

export const DEMO_ADMIN = { email: 'admin@evolution.local', password: 'admin-demo-123', name: 'Demo Admin' };
export const DEMO_MEMBER = { email: 'member@evolution.local', password: 'member-demo-123', name: 'Demo Member' };
export const DEMO_WARRIOR = { email: 'warrior@evolution.local', password: 'warrior-demo-123', name: 'Demo Warrior' };

/** Inserts missing channels and plans; never overwrites what admins have edited. */
export async function seedChannels(em: EntityManager): Promise<void> {
  for (const c of CHANNELS) await em.upsert(Channel, c, { onConflictFields: ['id'], onConflictAction: 'ignore' });
  for (const p of PLANS) await em.upsert(Plan, { ...p }, { onConflictFields: ['id'], onConflictAction: 'ignore' });
}

/** Creates an admin with this email when none exists; an existing account is kept as it is. */
export async function ensureAdmin(
  em: EntityManager,
  config: Pick<AppConfig, 'argon2'>,
  email: string,
  password: string,
  name = 'Administrator',
) {
  const normalised = normaliseEmail(email);
  const existing = await em.findOne(User, { email: normalised });
  if (existing) return { user: existing, created: false };
  const user = em.create(User, {
    email: normalised,
    name,
    password: await hashPassword(config, password),
    role: ROLE.admin,
    initialSetup: 0,
    initialSetupStep: 3,
  });
  await em.flush();
  return { user, created: true };
}

/**
 * A member who has finished setup (PAR-Q all clear, fact-find, contact details) and holds a yearly plan, superhuman
 * (the demo member) or warrior, begun two months ago so the demo member's history fits inside it.
 */
export async function ensureDemoMember(
  em: EntityManager,
  config: Pick<AppConfig, 'argon2'>,
  account: typeof DEMO_MEMBER = DEMO_MEMBER,
  planId: 2 | 4 = 4,
) {
  const email = normaliseEmail(account.email);
  if (await em.count(User, { email })) return false;
  const [firstName, lastName] = account.name.split(' ') as [string, string];
  const user = em.create(User, {
    email,
    name: account.name,
    password: await hashPassword(config, account.password),
    role: ROLE.member,
    initialSetup: 0,
    initialSetupStep: 3,
  });
  em.create(Evolution, { user });
  const start = new Date(Date.now() - 60 * 86_400_000);
  em.create(ApplicationDetails, {
    user,
    firstName,
    lastName,
    date: start.toISOString().slice(0, 10),
    eSignature: account.name,
    question1: 0,
    question2: 0,
    question3: 0,
    question4: 0,
    question5: 0,
    question6: 0,
    question7: 0,
  });
  em.create(FactFinding, {
    user,
    dateOfBirth: '1990-05-14',
    height: 70,
    weight: 78.5,
    wristCircumference: 7,
    ankleCircumference: 9,
    desiredAesthetic: 'Titan',
    desiredBodyFat: DESIRED_BODY_FAT.Titan,
    foodPreference: 'Pescatarian',
    wakingTime: '06:30',
    workStart: '09:00',
    breakTimeStartFinish: '12:30 to 13:15',
    workFinish: '17:30',
    timeOfSlumber: '22:30',
    physicalActivities: 'Cycling to work, five-a-side football on Sundays.',
  });
  em.create(ContactDetails, {
    user,
    firstName,
    lastName,
    addressLine1: '1 High Street',
    city: 'York',
    county: 'North Yorkshire',
    postcode: 'YO1 7HH',
    country: 'United Kingdom',
    telephone: '01904 000000',
  });
  const plan = PLANS.find((p) => p.id === planId)!;
  em.create(Subscription, {
    user,
    channel: em.getReference(Channel, plan.channel),
    plan: em.getReference(Plan, plan.id),
    status: 'active',
    amountPence: plan.amountPence,
    provider: 'offline',
    startDate: start,
    currentPeriodEnd: new Date(start.getTime() + 365 * 86_400_000),
  });
  await em.flush();
  return true;
}

export interface SeedReport {
  admin?: { email: string; created: boolean };
  demo?: { admin: typeof DEMO_ADMIN; member: typeof DEMO_MEMBER; warrior: typeof DEMO_WARRIOR };
}

/** Idempotent seeding at start: reference data always; the admin from the environment; demo accounts when asked. */
export async function seedAll(em: EntityManager, config: AppConfig): Promise<SeedReport> {
  const report: SeedReport = {};
  await seedChannels(em);
  await seedProgramme(em);
  await seedNutrition(em, config);
  await upgradeSeededPageTexts(em);
  if (config.adminEmail && config.adminPassword) {
    const { created } = await ensureAdmin(em, config, config.adminEmail, config.adminPassword);
    report.admin = { email: normaliseEmail(config.adminEmail), created };
  }
  if (config.demoSeed) {
    await ensureAdmin(em, config, DEMO_ADMIN.email, DEMO_ADMIN.password, DEMO_ADMIN.name);
    await ensureDemoMember(em, config);
    await ensureDemoMember(em, config, DEMO_WARRIOR, 2);
    await seedDemoVideos(em, config);
    await seedDemoHistory(em, config, { member: DEMO_MEMBER.email, admin: DEMO_ADMIN.email });
    report.demo = { admin: DEMO_ADMIN, member: DEMO_MEMBER, warrior: DEMO_WARRIOR };
  }
  return report;
}

/** Seeds the reference data into a database, pictures into the uploads' store (used by tests). */
export async function seedReference(databaseUrl: string, config: StorageSettings): Promise<void> {
  const orm = await createOrm(databaseUrl);
  try {
    await seedChannels(orm.em.fork());
    await seedProgramme(orm.em.fork());
    await seedNutrition(orm.em.fork(), config);
    await upgradeSeededPageTexts(orm.em.fork());
  } finally {
    await orm.close(true);
  }
}
