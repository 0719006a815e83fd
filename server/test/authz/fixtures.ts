import type { FastifyInstance } from 'fastify';
import { CHANNEL } from '@evolution/shared';
import { newMember, rest, signedInAdmin } from '../helpers/api.ts';
import { calibrateThroughSetup, trainingMember } from '../helpers/training.ts';

/** A signed-in account a matrix cell calls as. */
export interface Account {
  token: string;
  userId: number;
  email: string;
  password: string;
}

/**
 * What the matrix and the fuzzing call with: member A owns the records named by id (flag, message, photo, chamber),
 * member B is "another member" asking for them, the admin reads and edits them. Catalogue ids are the seed's.
 */
export interface Fixtures {
  app: FastifyInstance;
  memberA: Account;
  memberB: Account;
  admin: Account;
  /** A's open assistance flag. */
  flagId: number;
  /** A coach's message to A (the same id in A's inbox and in the admin's sent list). */
  messageId: number;
  /** A's first progress photo (a media id). */
  photoId: number;
  /** Seeded catalogue rows. */
  mealId: number;
  mealGroupId: number;
  formGroupId: number;
  formId: number;
  techniqueGuideId: number;
  /** A technique guide and a form group with a video link, so their video routes answer 200. */
  videoPageId: number;
  videoFormGroupId: number;
}

/** A registered member with nothing else (setup not started, no plan). */
export async function newcomer(app: FastifyInstance): Promise<Account> {
  const body = newMember();
  const res = await rest(app, 'POST', '/api/register', { body });
  return { token: res.body.access_token, userId: res.body.user_id, email: body.email, password: body.password };
}

/** A member on the given plan with setup finished, who may train. */
export async function subscribedMember(app: FastifyInstance, channel: number = CHANNEL.superhuman): Promise<Account> {
  const m = await trainingMember(app, { channel });
  const me = await rest(app, 'GET', '/api/user', { token: m.token });
  return { token: m.token, userId: m.userId, email: me.body.email, password: 'secret-pass' };
}

/** A fresh admin, signed in. */
export async function newAdmin(app: FastifyInstance): Promise<Account> {
  const a = await signedInAdmin(app);
  return { token: a.token, userId: a.userId, email: a.email, password: 'admin-pass-123' };
}

/** A superhuman member through the PAR-Q, fact-find and the calibration track: a chamber page, photos, macros. */
async function calibratedMember(app: FastifyInstance): Promise<{ account: Account; photoId: number }> {
  const m = await trainingMember(app, { channel: CHANNEL.superhuman, setupDone: false });
  const [photoId] = await calibrateThroughSetup(app, m.token);
  const me = await rest(app, 'GET', '/api/user', { token: m.token });
  return {
    account: { token: m.token, userId: m.userId, email: me.body.email, password: 'secret-pass' },
    photoId: photoId!,
  };
}

/** The first id of a table, for seeded catalogue rows. */
async function firstId(app: FastifyInstance, sql: string): Promise<number> {
  const rows = await app.orm.em.fork().getConnection().execute<{ id: number }[]>(sql);
  if (!rows[0]) throw new Error(`fixture: nothing for ${sql}`);
  return Number(rows[0].id);
}

/** Builds every fixture: two calibrated members, an admin, A's flag and message, catalogue ids. */
export async function createFixtures(app: FastifyInstance): Promise<Fixtures> {
  const a = await calibratedMember(app);
  const b = await calibratedMember(app);
  const admin = await newAdmin(app);
  const flag = await rest(app, 'POST', '/api/user/assistance_flag', {
    token: a.account.token,
    body: { subject: 'Shoulder', message: 'It clicks on the dips.' },
  });
  if (flag.status !== 201) throw new Error(`fixture flag: ${JSON.stringify(flag.body)}`);
  const sent = await rest(app, 'POST', '/api/admin/message', {
    token: admin.token,
    body: { subject: 'Check-in', message: 'How are the dips?', recipient_id: a.account.userId },
  });
  if (sent.status !== 201) throw new Error(`fixture message: ${JSON.stringify(sent.body)}`);
  const guide = await rest(app, 'POST', '/api/admin/page', {
    token: admin.token,
    body: {
      page_category_id: 4,
      title: 'Rings: technique guide',
      content: 'Straps short.',
      video_link: 'https://video.example/rings',
    },
  });
  const group = await rest(app, 'POST', '/api/admin/form_group', {
    token: admin.token,
    body: { name: 'Rings', exercise_type_id: 1, video_link: 'https://video.example/rings' },
  });
  if (guide.status !== 201 || group.status !== 201)
    throw new Error(`fixture videos: ${JSON.stringify([guide.body, group.body])}`);
  return {
    app,
    memberA: a.account,
    memberB: b.account,
    admin,
    flagId: flag.body.data.id,
    messageId: sent.body.data.id,
    photoId: a.photoId,
    mealId: await firstId(app, 'select id from meals order by id limit 1'),
    mealGroupId: await firstId(app, 'select group_id as id from meals order by id limit 1'),
    formGroupId: await firstId(app, 'select form_group_id as id from forms order by id limit 1'),
    formId: await firstId(app, 'select id from forms order by id limit 1'),
    videoPageId: guide.body.data.id,
    videoFormGroupId: group.body.data.id,
    techniqueGuideId: await firstId(app, 'select id from pages where category_id = 4 order by id limit 1'),
  };
}
