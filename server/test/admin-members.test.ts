import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MEMBER_MESSAGE,
  CHANNEL,
  auditLogRowSchema,
  chamberSchema,
  dataReadRowSchema,
  macroDataSchema,
  paginatedSchema,
} from '@evolution/shared';
import { ensureAdmin } from '../src/db/seed.ts';
import { AuditLog, User } from '../src/entities/index.ts';
import { rest, trpc } from './helpers/api.ts';
import { useTestAppWithDataDir } from './helpers/database.ts';
import { factFindMacrosAt80kgAnd20PercentFat, parq } from './helpers/setupForms.ts';
import { calibrateThroughSetup, trainingMember } from './helpers/training.ts';

const ctx = useTestAppWithDataDir('admin-members');

type Member = { token: string; userId: number };
type Admin = { token: string; userId: number };

const get = (url: string, token?: string) => rest(ctx.app, 'GET', url, { token });

/** An admin with this name, signed in through POST /api/login. */
async function namedAdmin(name: string): Promise<Admin> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`;
  await ensureAdmin(ctx.app.orm.em.fork(), ctx.app.config, email, 'admin-pass-123', name);
  const res = await rest(ctx.app, 'POST', '/api/login', { body: { email, password: 'admin-pass-123' } });
  return { token: res.body.access_token, userId: res.body.user_id };
}

const today = new Date().toISOString().slice(0, 10);
/** A superhuman member through the PAR-Q (two answers yes), fact-find and the whole calibration track. */
async function calibratedMember(): Promise<Member> {
  const member = await trainingMember(ctx.app, { channel: CHANNEL.superhuman, setupDone: false });
  await calibrateThroughSetup(ctx.app, member.token, {
    parq: parq({ question2: 1, question5: 1, e_signature: 'R. Ecord' }),
  });
  return member;
}

/** The audit rows of a member, oldest first, straight from the database. */
const trailOf = async (memberId: number) =>
  (await ctx.app.orm.em.fork().find(AuditLog, { memberId }, { orderBy: { id: 'asc' } })).map((r) => ({
    admin: r.admin?.id ?? null,
    action: r.action,
    objectType: r.objectType,
  }));

let admin: Admin;
let calibrated: Member;
let blank: Member;

beforeAll(async () => {
  admin = await namedAdmin('Coach Carter');
  calibrated = await calibratedMember();
  // Subscribed and past setup, but no PAR-Q, fact-find, contact details or training on record.
  blank = await trainingMember(ctx.app);
});

/** Each tab's call: the admin path and the member's own call that answers the same shape. */
const TABS = [
  { admin: 'contact_details', own: '/api/user/contact_details' },
  { admin: 'evolution', own: '/api/user/evolution' },
  { admin: 'evolution/calibration', own: '/api/user/evolution/calibration' },
  { admin: 'evolution/workout_results', own: '/api/user/evolution/workout_results' },
  { admin: 'evolution/form?page=1', own: '/api/user/evolution/forms?page=1' },
  { admin: 'evolution/macro_data', own: '/api/user/evolution/macro_data' },
  { admin: 'application_details', own: '/api/user/application_details' },
  { admin: 'fact_finding_details', own: '/api/user/fact_finding_details' },
  { admin: 'evolution/chamber/1', own: '/api/user/evolution/chamber/1' },
] as const;
const adminUrl = (id: number | string, tab: string) => `/api/admin/user/${id}/${tab}`;

describe("GET /api/admin/user/{id}/...: a member's record", () => {
  it("answers an admin with the same shapes as the member's own calls, from the same services", async () => {
    for (const tab of TABS.filter((t) => !t.admin.startsWith('evolution/form'))) {
      const theirs = await get(adminUrl(calibrated.userId, tab.admin), admin.token);
      const own = await get(tab.own, calibrated.token);
      expect({ tab: tab.admin, status: theirs.status, body: theirs.body }).toEqual({
        tab: tab.admin,
        status: 200,
        body: own.body,
      });
      expect({ tab: tab.own, status: own.status }).toEqual({ tab: tab.own, status: 200 });
    }
    // Form levels: the paginator's links name the admin path; the page itself is the member's.
    const theirs = await get(adminUrl(calibrated.userId, 'evolution/form?page=1'), admin.token);
    const own = await get('/api/user/evolution/forms?page=1', calibrated.token);
    expect(theirs.body.data).toEqual(own.body.data);
    // Links name the admin path on the request's own host (inject's Host: localhost:80).
    const path = `http://localhost:80/api/admin/user/${calibrated.userId}/evolution/form`;
    expect(theirs.body.meta).toEqual({
      ...own.body.meta,
      path,
      links: own.body.meta.links.map((l: { url: string | null }) => ({
        ...l,
        url: l.url && l.url.replace('http://localhost:80/api/user/evolution/forms', path),
      })),
    });
    expect(theirs.body.data.length).toBeGreaterThan(0);
  });

  it('shows the real record: contact details, the seven answers, the fact-find with desired_body_fat, the chamber with photos and muscle scores, the macros', async () => {
    const id = calibrated.userId;
    expect((await get(adminUrl(id, 'contact_details'), admin.token)).body.data).toMatchObject({
      address_line1: '1 Chamber Road',
      instagram: '@record',
      twitter: null,
    });
    expect((await get(adminUrl(id, 'evolution'), admin.token)).body.data).toMatchObject({
      channel_name: expect.any(String),
      evolution: 1,
      version: 1,
      phase: 1,
      need_calibration: false,
    });
    const calibration = (await get(adminUrl(id, 'evolution/calibration'), admin.token)).body;
    expect(calibration.data).toHaveLength(8);
    expect(calibration.evolution).toBe(1);
    expect((await get(adminUrl(id, 'application_details'), admin.token)).body.data).toMatchObject({
      question2: 1,
      question5: 1,
      question1: 0,
      e_signature: 'R. Ecord',
      date: today,
    });
    expect((await get(adminUrl(id, 'fact_finding_details'), admin.token)).body.data.data).toMatchObject({
      desired_aesthetic: 'Titan',
      desired_body_fat: 10.5,
      height: 70,
    });
    const chamber = chamberSchema.strict().parse((await get(adminUrl(id, 'evolution/chamber/1'), admin.token)).body);
    expect(chamber).toMatchObject({
      current: 1,
      totalPages: 1,
      evolution: 1,
      version: 0,
      label: 'v1.0',
      data: { vo2max: { score: 36.7, level: 'Fair' }, body: { weight: 80, body_fat: 20 } },
    });
    expect(chamber.data.body.images).toHaveLength(3);
    expect((await sharp(Buffer.from(chamber.data.body.images[0]!.base64, 'base64')).metadata()).format).toBe('jpeg');
    for (const score of Object.values(chamber.data.muscle)) expect(score).toBeGreaterThanOrEqual(0);
    expect(Object.keys(chamber.data.muscle).length).toBeGreaterThan(0);
    expect(
      macroDataSchema.strict().parse((await get(adminUrl(id, 'evolution/macro_data'), admin.token)).body),
    ).toMatchObject(factFindMacrosAt80kgAnd20PercentFat);
  });

  it('needs a token (401) and role 2 (403) for every call', async () => {
    for (const tab of TABS) {
      expect({ tab: tab.admin, ...(await get(adminUrl(calibrated.userId, tab.admin))) }).toMatchObject({
        tab: tab.admin,
        status: 401,
        body: { message: 'Unauthenticated.' },
      });
      expect({
        tab: tab.admin,
        ...(await get(adminUrl(calibrated.userId, tab.admin), calibrated.token)),
      }).toMatchObject({ tab: tab.admin, status: 403, body: { message: 'This action is unauthorized.' } });
    }
  });

  it('is 404 for an id that names nobody, an admin, or is no number', async () => {
    for (const id of [999_999, admin.userId, 'abc', 0]) {
      for (const tab of TABS) {
        expect({ id, tab: tab.admin, ...(await get(adminUrl(id, tab.admin), admin.token)) }).toMatchObject({
          id,
          tab: tab.admin,
          status: 404,
          body: { message: ADMIN_MEMBER_MESSAGE.memberNotFound },
        });
      }
    }
  });

  it("says 'Data could not be found.' and 'DATA COULD NOT BE FOUND.' where there is nothing to read", async () => {
    const id = blank.userId;
    expect(await get(adminUrl(id, 'evolution/chamber/1'), admin.token)).toMatchObject({
      status: 404,
      body: { message: ADMIN_MEMBER_MESSAGE.noData },
    });
    expect(await get(adminUrl(calibrated.userId, 'evolution/chamber/2'), admin.token)).toMatchObject({
      status: 404,
      body: { message: ADMIN_MEMBER_MESSAGE.noData },
    });
    expect(await get(adminUrl(id, 'evolution/macro_data'), admin.token)).toMatchObject({
      status: 404,
      body: { message: ADMIN_MEMBER_MESSAGE.noMacroData },
    });
    // Like the member's own calls, an unsent PAR-Q or fact-find is data null (the screen then says 'Data could not be found.').
    expect(await get(adminUrl(id, 'application_details'), admin.token)).toMatchObject({
      status: 200,
      body: { data: null },
    });
    expect(await get(adminUrl(id, 'fact_finding_details'), admin.token)).toMatchObject({
      status: 200,
      body: { data: { data: null } },
    });
    expect((await get(adminUrl(id, 'evolution/calibration'), admin.token)).body).toEqual({ data: [], evolution: null });
    expect((await get(adminUrl(id, 'contact_details'), admin.token)).body.data.address_line1).toBeNull();
  });

  it('refuses bad query values with 422 and the message', async () => {
    // As Laravel's paginator: a page that is no whole number from 1 is page 1.
    const form = await get(adminUrl(calibrated.userId, 'evolution/form?page=0'), admin.token);
    expect(form).toMatchObject({ status: 200, body: { meta: { current_page: 1 } } });
    const workout = await get(adminUrl(calibrated.userId, 'evolution/workout_results?evolution=first'), admin.token);
    expect(workout).toMatchObject({
      status: 422,
      body: { errors: { evolution: ['The evolution must be a whole number.'] } },
    });
    expect((await get(adminUrl(calibrated.userId, 'evolution/workout_results?evolution=2'), admin.token)).body).toEqual(
      { data: [], evolution: 2 },
    );
  });

  it("shows an admin the macros whatever the member's plan or micro_data flag (the admin tab is not gated)", async () => {
    await ctx.app.orm.em
      .fork()
      .nativeUpdate(User, { id: calibrated.userId }, { access: { evolution_page: false, micro_data: false } });
    try {
      expect((await get('/api/user/evolution/macro_data', calibrated.token)).status).toBe(403);
      expect((await get(adminUrl(calibrated.userId, 'evolution/macro_data'), admin.token)).status).toBe(200);
      expect((await get(adminUrl(calibrated.userId, 'evolution/chamber/1'), admin.token)).status).toBe(200);
    } finally {
      await ctx.app.orm.em.fork().nativeUpdate(User, { id: calibrated.userId }, { access: { evolution_page: true } });
    }
  });
});

describe('admin.members through tRPC', () => {
  const procedures = [
    ['member', {}],
    ['contactDetails', {}],
    ['evolution', {}],
    ['calibrationResults', {}],
    ['workoutResults', {}],
    ['formLevels', { page: 1 }],
    ['applicationDetails', {}],
    ['factFinding', {}],
    ['chamber', { page: 1 }],
    ['macroData', {}],
  ] as const;

  it('answers admins only: 401 without a token, 403 for a member, 404 for nobody or an admin', async () => {
    for (const [name, extra] of procedures) {
      const input = { id: calibrated.userId, ...extra };
      const statuses = [undefined, calibrated.token, admin.token].map(
        async (token) => (await trpc(ctx.app, 'query', `admin.members.${name}`, input, token)).status,
      );
      expect({ name, statuses: await Promise.all(statuses) }).toEqual({ name, statuses: [401, 403, 200] });
      for (const id of [999_999, admin.userId]) {
        const missing = await trpc(ctx.app, 'query', `admin.members.${name}`, { ...input, id }, admin.token);
        expect({ name, status: missing.status, message: missing.error.message }).toEqual({
          name,
          status: 404,
          message: ADMIN_MEMBER_MESSAGE.memberNotFound,
        });
      }
    }
  });

  it('gives the REST answers, and the member summary for the head of the record', async () => {
    const id = calibrated.userId;
    const q = (name: string, input: object = {}) =>
      trpc(ctx.app, 'query', `admin.members.${name}`, { id, ...input }, admin.token);
    expect((await q('member')).data).toMatchObject({
      id,
      name: expect.any(String),
      email: expect.stringContaining('@example.com'),
    });
    expect((await q('chamber', { page: 1 })).data).toEqual(
      (await get(adminUrl(id, 'evolution/chamber/1'), admin.token)).body,
    );
    expect((await q('macroData')).data).toEqual((await get(adminUrl(id, 'evolution/macro_data'), admin.token)).body);
    expect((await q('applicationDetails')).data).toEqual(
      (await get(adminUrl(id, 'application_details'), admin.token)).body.data,
    );
    expect((await q('factFinding')).data).toEqual(
      (await get(adminUrl(id, 'fact_finding_details'), admin.token)).body.data.data,
    );
    expect((await q('contactDetails')).data).toEqual(
      (await get(adminUrl(id, 'contact_details'), admin.token)).body.data,
    );
    expect((await q('formLevels', { page: 1 })).data).toEqual(
      (await get(adminUrl(id, 'evolution/form?page=1'), admin.token)).body,
    );
  });

  it('refuses an id that is no number with 422', async () => {
    const res = await trpc(ctx.app, 'query', 'admin.members.contactDetails', { id: 'abc' }, admin.token);
    expect(res.status).toBe(422);
    expect(res.error.data.errors).toEqual({ id: ['The member id must be a whole number.'] });
  });
});

describe('the audit log', () => {
  let reader: Admin;
  let member: Member;

  beforeAll(async () => {
    reader = await namedAdmin('Nurse Ratched');
    member = await calibratedMember();
  });

  it("writes each successful read of health data (PAR-Q, fact-find, chamber and photos, macros) with who, whom and what; other tabs and the member's own reads write nothing", async () => {
    for (const tab of TABS) expect((await get(tab.own, member.token)).status).toBe(200);
    for (const tab of [
      'contact_details',
      'evolution',
      'evolution/calibration',
      'evolution/workout_results',
      'evolution/form',
    ]) {
      expect((await get(adminUrl(member.userId, tab), reader.token)).status).toBe(200);
    }
    expect(await trailOf(member.userId)).toEqual([]);
    for (const tab of ['application_details', 'fact_finding_details', 'evolution/chamber/1', 'evolution/macro_data']) {
      expect((await get(adminUrl(member.userId, tab), reader.token)).status).toBe(200);
    }
    expect(await trailOf(member.userId)).toEqual([
      { admin: reader.userId, action: 'application_details.read', objectType: 'application_details' },
      { admin: reader.userId, action: 'fact_finding.read', objectType: 'fact_finding' },
      { admin: reader.userId, action: 'chamber.read', objectType: 'chamber_snapshot' },
      { admin: reader.userId, action: 'macro_data.read', objectType: 'macro_data' },
    ]);
    const rows = await ctx.app.orm.em.fork().find(AuditLog, { memberId: member.userId, action: 'chamber.read' });
    expect(rows[0]!.objectId).toEqual(expect.any(Number));
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('writes nothing for a read that fails or finds nothing', async () => {
    const before = await ctx.app.orm.em.fork().count(AuditLog, {});
    expect((await get(adminUrl(member.userId, 'evolution/chamber/9'), reader.token)).status).toBe(404);
    expect((await get(adminUrl(blank.userId, 'evolution/macro_data'), reader.token)).status).toBe(404);
    expect((await get(adminUrl(blank.userId, 'application_details'), reader.token)).body).toEqual({ data: null });
    expect((await get(adminUrl(blank.userId, 'fact_finding_details'), reader.token)).body).toEqual({
      data: { data: null },
    });
    expect((await get(adminUrl(999_999, 'application_details'), reader.token)).status).toBe(404);
    expect((await get(adminUrl(member.userId, 'application_details'), member.token)).status).toBe(403);
    expect((await get(adminUrl(member.userId, 'application_details'))).status).toBe(401);
    expect(
      (await trpc(ctx.app, 'query', 'admin.members.chamber', { id: member.userId, page: 0 }, reader.token)).status,
    ).toBe(422);
    expect(await ctx.app.orm.em.fork().count(AuditLog, {})).toBe(before);
  });

  it('lists the reads newest first for admins, paged 10 at a time, filterable by member and by admin', async () => {
    // Twelve more reads of the member by the first admin.
    for (let i = 0; i < 12; i++)
      expect((await get(adminUrl(member.userId, 'application_details'), admin.token)).status).toBe(200);
    const all = await get(`/api/admin/audit_log?member_id=${member.userId}`, reader.token);
    expect(all.status).toBe(200);
    const page = paginatedSchema(auditLogRowSchema.strict()).strict().parse(all.body);
    expect(page.meta).toMatchObject({ current_page: 1, per_page: 10, total: 16, last_page: 2 });
    expect(page.data[0]).toMatchObject({
      admin_id: admin.userId,
      admin_name: 'Coach Carter',
      member_id: member.userId,
      action: 'application_details.read',
      what: 'Application details (PAR-Q)',
    });
    expect(page.data.map((r) => r.id)).toEqual(page.data.map((r) => r.id).toSorted((a, b) => b - a));
    expect(page.links.next).toContain(`member_id=${member.userId}`);
    const second = (await get(`/api/admin/audit_log?member_id=${member.userId}&page=2`, reader.token)).body;
    expect(second.data.map((r: { what: string; admin_name: string }) => [r.what, r.admin_name])).toEqual([
      ['Application details (PAR-Q)', 'Coach Carter'],
      ['Application details (PAR-Q)', 'Coach Carter'],
      ['Macro data', 'Nurse Ratched'],
      ['Evolution chamber with progress photos', 'Nurse Ratched'],
      ['Fact-find details', 'Nurse Ratched'],
      ['Application details (PAR-Q)', 'Nurse Ratched'],
    ]);
    const byReader = (await get(`/api/admin/audit_log?admin_id=${reader.userId}`, admin.token)).body;
    expect(byReader.meta.total).toBe(4);
    expect(new Set(byReader.data.map((r: { admin_id: number }) => r.admin_id))).toEqual(new Set([reader.userId]));
    const both = (
      await get(`/api/admin/audit_log?admin_id=${reader.userId}&member_id=${calibrated.userId}`, admin.token)
    ).body;
    expect(both.meta.total).toBe(0);
  });

  it("keeps the whole log's total exact without counting it, as reads are added and old ones removed", async () => {
    const em = ctx.app.orm.em.fork();
    const actual = async () => Number((await em.execute<{ n: string }[]>('select count(*) as n from audit_log'))[0]!.n);
    const total = async () => (await get('/api/admin/audit_log', admin.token)).body.meta.total;
    expect(await total()).toBe(await actual());
    // Set-based, as an import or a retention purge would: the count (row_counts, entities/RowCount.ts) follows.
    await em.execute(
      `insert into audit_log (admin_id, action, member_id, object_type, created_at)
      select ?, 'application_details.read', ?, 'application_details', now() - interval '2 years' from generate_series(1, 300)`,
      [admin.userId, member.userId],
    );
    expect(await total()).toBe(await actual());
    await em.execute(`delete from audit_log where created_at < now() - interval '1 year'`);
    expect(await total()).toBe(await actual());
  });

  it('guards the audit log: 401, 403 and 422 for bad filters; admin.audit through tRPC', async () => {
    expect((await get('/api/admin/audit_log')).status).toBe(401);
    expect((await get('/api/admin/audit_log', member.token)).status).toBe(403);
    expect(await get('/api/admin/audit_log?member_id=someone', admin.token)).toMatchObject({
      status: 422,
      body: { errors: { member_id: ['The member id must be a whole number.'] } },
    });
    expect(await get('/api/admin/audit_log?admin_id=-1', admin.token)).toMatchObject({
      status: 422,
      body: { errors: { admin_id: ['The admin id must be a whole number.'] } },
    });
    expect((await trpc(ctx.app, 'query', 'admin.audit.list', { page: 1 })).status).toBe(401);
    expect((await trpc(ctx.app, 'query', 'admin.audit.list', { page: 1 }, member.token)).status).toBe(403);
    const list = await trpc(
      ctx.app,
      'query',
      'admin.audit.list',
      { page: 1, member_id: member.userId, admin_id: reader.userId },
      admin.token,
    );
    expect(list.data.meta.total).toBe(4);
    expect(list.data).toEqual(
      (await get(`/api/admin/audit_log?member_id=${member.userId}&admin_id=${reader.userId}`, admin.token)).body,
    );
    const admins = await trpc(ctx.app, 'query', 'admin.audit.admins', undefined, admin.token);
    expect(admins.data).toEqual(
      expect.arrayContaining([
        { id: reader.userId, name: 'Nurse Ratched' },
        { id: admin.userId, name: 'Coach Carter' },
      ]),
    );
    expect((await trpc(ctx.app, 'query', 'admin.audit.admins', undefined, member.token)).status).toBe(403);
  });

  it("shows a member who read their own health data and when, and nobody else's reads", async () => {
    const res = await get('/api/user/data_reads', member.token);
    expect(res.status).toBe(200);
    const page = paginatedSchema(dataReadRowSchema.strict()).strict().parse(res.body);
    expect(page.meta.total).toBe(16);
    expect(page.data[0]).toMatchObject({ what: 'Application details (PAR-Q)', admin_name: 'Coach Carter' });
    expect(res.body.data[0]).not.toHaveProperty('ip');
    const trpcPage = await trpc(ctx.app, 'query', 'account.dataReads', { page: 2 }, member.token);
    expect(trpcPage.data.data.map((r: { admin_name: string }) => r.admin_name)).toContain('Nurse Ratched');
    // The calibrated member of the other tests was read by Coach Carter only; the blank one never.
    const others = (await get('/api/user/data_reads', calibrated.token)).body;
    expect(new Set(others.data.map((r: { admin_name: string }) => r.admin_name))).toEqual(new Set(['Coach Carter']));
    expect((await get('/api/user/data_reads', blank.token)).body.meta.total).toBe(0);
    expect((await get('/api/user/data_reads')).status).toBe(401);
    expect((await get('/api/user/data_reads', admin.token)).status).toBe(403);
    expect(await get('/api/user/data_reads?page=0', member.token)).toMatchObject({
      status: 200,
      body: { meta: { current_page: 1 } },
    });
  });

  it('keeps the trail when the admin account goes: the member sees a former admin', async () => {
    const leaving = await namedAdmin('Temp Coach');
    expect((await get(adminUrl(blank.userId, 'contact_details'), leaving.token)).status).toBe(200);
    expect((await get(adminUrl(member.userId, 'fact_finding_details'), leaving.token)).status).toBe(200);
    await ctx.app.orm.em.fork().nativeDelete(User, { id: leaving.userId });
    expect((await get('/api/user/data_reads', member.token)).body.data[0]).toMatchObject({
      what: 'Fact-find details',
      admin_name: 'A former admin',
    });
    expect((await get(`/api/admin/audit_log?member_id=${member.userId}`, admin.token)).body.data[0]).toMatchObject({
      admin_id: null,
      admin_name: null,
      member_name: expect.any(String),
    });
  });
});

describe('the OpenAPI document', () => {
  it("lists the member record's calls, the audit log and the member's data reads", async () => {
    const paths = Object.keys((await get('/api/openapi.json')).body.paths);
    for (const p of [
      '/admin/user/{id}/contact_details',
      '/admin/user/{id}/evolution',
      '/admin/user/{id}/evolution/calibration',
      '/admin/user/{id}/evolution/workout_results',
      '/admin/user/{id}/evolution/form',
      '/admin/user/{id}/evolution/macro_data',
      '/admin/user/{id}/application_details',
      '/admin/user/{id}/fact_finding_details',
      '/admin/user/{id}/evolution/chamber/{page}',
      '/admin/audit_log',
      '/user/data_reads',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
