import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { CHANNEL } from '@evolution/shared';
import {
  ChamberSnapshot,
  Channel,
  Evolution,
  PhaseSubmission,
  Plan,
  Subscription,
  User,
  Vo2Test,
  WorkoutResult,
} from '../../src/entities/index.ts';
import { newMember, rest } from './api.ts';
import { contactDetails, factFind, parq } from './setupForms.ts';

/** A registered member with setup finished and an active subscription (warrior by default): one who may train. */
export async function trainingMember(
  app: FastifyInstance,
  opts: { channel?: number; setupDone?: boolean; subscribed?: boolean } = {},
) {
  const reg = await rest(app, 'POST', '/api/register', { body: newMember() });
  const token = reg.body.access_token as string;
  const userId = reg.body.user_id as number;
  const em = app.orm.em.fork();
  const user = await em.findOneOrFail(User, { id: userId });
  if (opts.setupDone ?? true) Object.assign(user, { initialSetup: 0, initialSetupStep: 3 });
  if (opts.subscribed ?? true) {
    const channel = opts.channel ?? CHANNEL.warrior;
    const now = new Date();
    em.create(Subscription, {
      user,
      channel: em.getReference(Channel, channel),
      plan: em.getReference(Plan, channel === CHANNEL.superhuman ? 3 : 1),
      status: 'active',
      amountPence: channel === CHANNEL.superhuman ? 4999 : 2999,
      provider: 'offline',
      startDate: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
    });
  }
  await em.flush();
  return { token, userId };
}

/** A multipart body as a browser would send it, for app.inject. */
export async function multipart(
  fields: Record<string, string>,
  files: { name: string; filename: string; type: string; data: Buffer }[] = [],
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.name, new Blob([new Uint8Array(f.data)], { type: f.type }), f.filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** POSTs a multipart body made by multipart() through app.inject, as `token` when given, with any further headers. */
export async function postMultipart(
  app: FastifyInstance,
  url: string,
  body: { payload: Buffer; headers: Record<string, string> },
  token?: string,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  return { status: res.statusCode, headers: res.headers, body: JSON.parse(res.body) };
}

/** A small JPEG carrying EXIF data (camera make and a comment) that the upload must strip. */
export function photoWithExif(colour = '#c0392b'): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 90, channels: 3, background: colour } })
    .withExif({ IFD0: { Make: 'SecretCam', ImageDescription: 'home address 1 Private Road' } })
    .jpeg()
    .toBuffer();
}

/** Uploads a progress photo through POST /api/user/image and answers the REST result. */
export async function uploadPhoto(
  app: FastifyInstance,
  token: string,
  data?: Buffer,
  filename = 'front.jpg',
  type = 'image/jpeg',
) {
  const body = await multipart({}, [{ name: 'image', filename, type, data: data ?? (await photoWithExif()) }]);
  const res = await postMultipart(app, '/api/user/image', body, token);
  return { status: res.status, body: res.body };
}

/** Posts a phase submission as multipart with indexed fields, like the original client. */
export async function postPhaseMultipart(
  app: FastifyInstance,
  token: string,
  type: string,
  phaseType: string,
  fields: Record<string, string>,
) {
  return postMultipart(app, `/api/user/channel/warrior/${type}/phase/${phaseType}`, await multipart(fields), token);
}

/** Uploads three progress photos of different colours, as a data analysis wants; answers their ids. */
export async function uploadThreePhotos(app: FastifyInstance, token: string): Promise<[number, number, number]> {
  const upload = async (colour: string): Promise<number> => {
    const photo = await uploadPhoto(app, token, await photoWithExif(colour));
    if (photo.status !== 201) throw new Error(`photo: ${photo.status} ${JSON.stringify(photo.body)}`);
    return photo.body.image.id;
  };
  return [await upload('#aa3333'), await upload('#33aa33'), await upload('#3333aa')];
}

/** What the runner measures at calibration and at the end of general version 1: the chamber and trend show these. */
export const calibrationMeasurements = { weight: 82.4, waist: 34, chest: 40, bicep: 14.5, quad: 23, body_fat: 18.2 };
export const versionOneMeasurements = {
  weight: 81.1,
  waist: 33.5,
  chest: 40.5,
  bicep: 14.75,
  quad: 23.25,
  body_fat: 16.9,
};

/** A data analysis as the runner sends it, with three uploaded photos; a test overrides the figures it checks. */
export const dataAnalysis = (photos: number[], overrides: Record<string, unknown> = {}) => ({
  weight: 80,
  waist: 34,
  chest: 40,
  bicep: 14.5,
  quad: 23,
  body_fat: 20,
  image1: photos[0],
  image2: photos[1],
  image3: photos[2],
  ...overrides,
});

/**
 * A member through setup (PAR-Q, fact-find, contact details) and the whole calibration track (VO2, the eight max
 * tests, the data analysis with three photos); answers the photos' ids. Any refusal fails loudly with its answer.
 */
export async function calibrateThroughSetup(
  app: FastifyInstance,
  token: string,
  forms: { parq?: object } = {},
): Promise<number[]> {
  const send = async (method: 'POST' | 'PUT', url: string, body: unknown) => {
    const res = await rest(app, method, url, { token, body });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  };
  await send('POST', '/api/user/application_details', forms.parq ?? parq());
  await send('POST', '/api/user/fact_finding_details', factFind());
  await send('PUT', '/api/user/contact_details', contactDetails());
  const track = '/api/user/channel/warrior/calibration/phase';
  await send('POST', `${track}/vo2`, { time_to_complete: 900 });
  await send(
    'POST',
    `${track}/exercise`,
    [1, 2, 3, 4, 5, 6, 7, 8].map((id) => ({ calibration_id: id, amount: id === 6 ? 0 : 12, time_to_complete: 60 })),
  );
  const photos = await uploadThreePhotos(app, token);
  await send('POST', `${track}/data-analysis`, dataAnalysis(photos));
  return photos;
}

/** The seven phase classes' keys, in id order, as the seed makes them. */
export const phaseClassKeys = ['vo2', 'exercise', 'exercises', 'challenge', 'flexibility', 'recovery', 'data-analysis'];

/** The member's Evolution row and counts of what they have recorded, read straight from the database. */
export async function recordedTraining(app: FastifyInstance, userId: number) {
  const em = app.orm.em.fork();
  const evo = await em.findOneOrFail(Evolution, { user: userId });
  return {
    state: {
      evolution: evo.evolution,
      version: evo.version,
      phase: evo.phase,
      needCalibration: evo.needCalibration,
      sets: evo.numberOfSets,
      pending: evo.pendingNumberOfSets ?? null,
    },
    submissions: await em.count(PhaseSubmission, { user: userId }),
    results: await em.count(WorkoutResult, { user: userId }),
    vo2: await em.count(Vo2Test, { user: userId }),
    snapshots: await em.count(ChamberSnapshot, { user: userId }),
  };
}
