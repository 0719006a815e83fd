/**
 * The demo member's history (embedded demo only): the calibration and two general versions trained through the real
 * services (submitPhase, uploadProgressPhoto, openFlag, replyAsCoach, sendMessage), so every row is what the app itself
 * writes; only the dates are moved afterwards, spread over the last eight weeks as if trained in that time.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import { flagCreateInput, messageSendInput, submitPhaseInput, type PhaseData } from '@evolution/shared';
import type { AppConfig } from '../config.ts';
import { ChamberSnapshot, PhaseSubmission, User, type IUser } from '../entities/index.ts';
import { authenticate } from '../services/auth.ts';
import type { SignedInContext } from '../services/context.ts';
import { openFlag, replyAsCoach } from '../services/flags.ts';
import { uploadProgressPhoto } from '../services/media.ts';
import { sendMessage } from '../services/messages.ts';
import type { RateLimits } from '../services/rateLimit.ts';
import { createRateLimits } from '../services/rateLimit.ts';
import type { TokenIssuer } from '../services/tokens.ts';
import { getActivePhase, submitPhase } from '../services/training.ts';
import { db } from './kysely.ts';

/** The body figures of each data analysis: calibration, version 1, version 2 (a member slowly leaning out). */
const ANALYSES = [
  { weight: 82.4, waist: 35, chest: 40, bicep: 14, quad: 23, body_fat: 22 },
  { weight: 81.1, waist: 34.5, chest: 40.5, bicep: 14.3, quad: 23.2, body_fat: 20.5 },
  { weight: 79.8, waist: 33.5, chest: 41, bicep: 14.6, quad: 23.5, body_fat: 19 },
];
/** How much of each max test the member managed at calibration, by test (a zero is a test not yet possible). */
const CALIBRATION_SHARE = [0.45, 0.3, 0.5, 0.4, 0.35, 0, 0.45, 0.4];
const HISTORY_DAYS = 56;

/**
 * The seed's own calls as a member or an admin: its "token" is checked in this process only (the user's id and token
 * version) and never leaves it, so each call reads the caller's state afresh, as a request's token check does.
 */
const seedTokens: TokenIssuer = {
  sign() {
    throw new Error('The demo seed issues no tokens.');
  },
  verify(token) {
    const [sub, tv] = token.split(':');
    const iat = Math.floor(Date.now() / 1000);
    return { sub: sub!, tv: Number(tv), jti: 'demo-seed', iat, exp: iat + 60 };
  },
};

async function signedIn(em: EntityManager, config: AppConfig, limits: RateLimits, user: IUser) {
  const base = { em: em.fork(), config, tokens: seedTokens, limits, ip: '127.0.0.1' };
  const actor = await authenticate(base, `${user.id}:${user.tokenVersion}`, { forms: true });
  return { ...base, actor } satisfies SignedInContext;
}

/** A progress photo: a figure on a plain ground, facing front, side or back (no text: fonts differ between machines). */
function progressPhoto(pose: number, stage: number): Promise<Buffer> {
  const ground = ['#d9d2c5', '#cfd8d3', '#d3d0dc'][stage]!;
  const width = [64, 60, 56][stage]!;
  const body =
    pose === 1
      ? `<ellipse cx="120" cy="190" rx="${width / 2.2}" ry="80"/><ellipse cx="125" cy="190" rx="10" ry="60" fill="#5a4636"/>`
      : `<rect x="${120 - width}" y="110" width="${width * 2}" height="150" rx="40"/>` +
        `<rect x="${120 - width - 22}" y="118" width="20" height="120" rx="10"/>` +
        `<rect x="${120 + width + 2}" y="118" width="20" height="120" rx="10"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="320" viewBox="0 0 240 320">
    <rect width="240" height="320" fill="${ground}"/><rect y="280" width="240" height="40" fill="#00000018"/>
    <g fill="#7b5e48"><circle cx="120" cy="72" r="30"/>${body}
    <rect x="96" y="250" width="20" height="60" rx="9"/><rect x="124" y="250" width="20" height="60" rx="9"/></g>
    ${pose === 2 ? '<rect x="92" y="70" width="56" height="10" fill="#3b2d22"/>' : ''}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
}

/** The sets a member logs for a phase: every set of every round, reps near the top of the range on most ladders. */
function loggedSets(phase: PhaseData, version: number) {
  const byId = new Map(phase.data.map((e) => [e.id, e]));
  return phase.rounds.flatMap((round) =>
    round.exercise_ids.map((id) => {
      const e = byId.get(id)!;
      // Push and squat (groups 1 and 3) progress at the top of the range; the others hold their form.
      const top = e.form_group_id === 1 || e.form_group_id === 3 || version === 2;
      return { form_id: id, amount: top ? e.max : Math.max(e.min, e.max - 2), time_to_complete: 40 };
    }),
  );
}

/** The payload the runner would send for the active phase. */
async function payloadFor(ctx: SignedInContext, phase: PhaseData, stage: number): Promise<unknown> {
  switch (phase.type) {
    case 'vo2':
      return { time_to_complete: [960, 1000, 1050][stage] };
    case 'exercise':
      return phase.data.map((e, i) => ({
        calibration_id: e.id,
        amount: Math.round(e.max * CALIBRATION_SHARE[i % CALIBRATION_SHARE.length]!),
        time_to_complete: 60,
      }));
    case 'exercises':
      return loggedSets(phase, stage);
    case 'challenge':
      return phase.data.map((e) => ({ amount: e.max, time_to_complete: 45, form_name: e.form }));
    case 'data-analysis': {
      const ids: number[] = [];
      for (const pose of [0, 1, 2]) {
        const photo = await progressPhoto(pose, stage);
        const { body } = await uploadProgressPhoto(ctx, { image: async () => photo });
        ids.push(body.image.id);
      }
      return { ...ANALYSES[stage], image1: ids[0], image2: ids[1], image3: ids[2] };
    }
    default:
      return {};
  }
}

/** Submits the member's active phase of a track as the runner would; answers whether the track goes on. */
async function trainPhase(ctx: SignedInContext, type: 'calibration' | 'general', stage: number) {
  const phase = await getActivePhase(ctx, { type });
  const data = await payloadFor(ctx, phase, stage);
  const input = submitPhaseInput.parse({ type, phaseType: phase.type, page_id: phase.page.id, data });
  const { body } = await submitPhase(ctx, input);
  return body.data;
}

/** Spreads the member's submissions (and what each recorded) over the last weeks, oldest first, the last 3 days ago. */
async function spreadOverWeeks(em: EntityManager, userId: number): Promise<void> {
  const submissions = await em.find(PhaseSubmission, { user: userId }, { orderBy: { id: 'asc' }, fields: ['id'] });
  const snapshots = await em.find(
    ChamberSnapshot,
    { user: userId },
    { fields: ['submission', 'image1', 'image2', 'image3'] },
  );
  const kysely = db(em);
  const step = (HISTORY_DAYS - 3) / Math.max(1, submissions.length - 1);
  for (const [i, { id }] of submissions.entries()) {
    const at = new Date(Date.now() - (HISTORY_DAYS - i * step) * 86_400_000);
    await kysely.updateTable('phase_submissions').set({ created_at: at }).where('id', '=', id).execute();
    for (const table of ['workout_results', 'vo2_tests', 'chamber_snapshots'] as const)
      await kysely.updateTable(table).set({ created_at: at }).where('submission_id', '=', id).execute();
    const snapshot = snapshots.find((s) => s.submission.id === id);
    const photos = [snapshot?.image1?.id, snapshot?.image2?.id, snapshot?.image3?.id].filter((p) => p !== undefined);
    if (photos.length) await kysely.updateTable('media').set({ created_at: at }).where('id', 'in', photos).execute();
  }
}

/**
 * The demo member's calibration, versions 1 and 2 of the general track (each with its data analysis and photos), an
 * assistance flag a coach answered and a coach's message. Once: a member who has submitted anything is left as is.
 */
export async function seedDemoHistory(
  em: EntityManager,
  config: AppConfig,
  accounts: { member: string; admin: string },
): Promise<boolean> {
  const member = await em.findOne(User, { email: accounts.member });
  const admin = await em.findOne(User, { email: accounts.admin });
  if (!member || !admin || (await em.count(PhaseSubmission, { user: member.id }))) return false;
  const throttles = createRateLimits(config);
  try {
    await throttles.ready();
    const as = (user: IUser) => signedIn(em, config, throttles.limits, user);
    for (let evo = await trainPhase(await as(member), 'calibration', 0); evo.need_calibration;)
      evo = await trainPhase(await as(member), 'calibration', 0);
    for (const stage of [1, 2]) {
      for (let evo = await trainPhase(await as(member), 'general', stage); evo.version === stage;)
        evo = await trainPhase(await as(member), 'general', stage);
    }
    await spreadOverWeeks(em.fork(), member.id);

    const flag = await openFlag(
      await as(member),
      flagCreateInput.parse({
        subject: 'Handstand hold keeps tipping over',
        message: 'On the skill phase my handstand against the wall tips after about 10 seconds. Should I drop a level?',
      }),
    );
    await replyAsCoach(await as(admin), {
      id: flag.data.id,
      message:
        'Stay on your level: walk your hands closer to the wall and squeeze your glutes. Log the seconds you hold with good shape; they count.',
    });
    await sendMessage(
      await as(admin),
      messageSendInput.parse({
        recipient_id: member.id,
        subject: 'Version 2 done: well trained',
        message:
          'Great work finishing version 2. Your waist is down an inch and a half since calibration.\n\n**Rest well** before version 3: it starts with your VO2 test.',
      }),
    );
    return true;
  } finally {
    await throttles.close();
  }
}
