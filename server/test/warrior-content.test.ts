import { beforeAll, describe, expect, it } from 'vitest';
import {
  SERVER_MESSAGE,
  pageSchema,
  paginatedSchema,
  phaseDataSchema,
  phaseListSchema,
  versionListSchema,
  videoSchema,
} from '@evolution/shared';
import { seedProgramme } from '../src/db/programme.ts';
import {
  Calibration,
  Evolution,
  Form,
  FormGroup,
  Page,
  PageCategory,
  PhaseClass,
  Vo2MaxLevel,
} from '../src/entities/index.ts';
import { orderLadder } from '../src/domain/ladder.ts';
import { rest, signedInAdmin, trpc } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';
import { phaseClassKeys, trainingMember } from './helpers/training.ts';

const ctx = useTestApp();
let token: string;
let adminToken: string;

beforeAll(async () => {
  token = (await trainingMember(ctx.app)).token;
  adminToken = (await signedInAdmin(ctx.app)).token;
});

const get = (url: string, t = token) => rest(ctx.app, 'GET', url, { token: t });

describe('the seeded programme', () => {
  it('has eight form-group ladders of at least six forms, each with a calibration', async () => {
    const em = ctx.app.orm.em.fork();
    const groups = await em.find(FormGroup, {}, { orderBy: { id: 'asc' } });
    expect(groups.map((g) => g.name)).toEqual(['Push', 'Pull', 'Squat', 'Hinge', 'Core', 'Handstand', 'Dip', 'Lunge']);
    for (const group of groups) {
      const forms = orderLadder(await em.find(Form, { formGroup: group.id }));
      expect(forms.length).toBeGreaterThanOrEqual(6);
      for (const f of forms) expect(f.min).toBeLessThan(f.max);
      expect(await em.count(Calibration, { formGroup: group.id })).toBe(1);
    }
    const push = orderLadder(await em.find(Form, { formGroup: 1 })).map((f) => f.name);
    expect(push.slice(0, 4)).toEqual(['Wall push-up', 'Incline push-up', 'Knee push-up', 'Push-up']);
    const levels = await em.find(Vo2MaxLevel, {}, { orderBy: { level: 'asc' } });
    expect(levels.map((l) => [l.levelName, l.min ?? null, l.max ?? null])).toEqual([
      ['Very poor', null, 32.9],
      ['Poor', 33, 36.4],
      ['Fair', 36.5, 42.4],
      ['Good', 42.5, 46.4],
      ['Excellent', 46.5, 52.4],
      ['Superior', 52.5, null],
    ]);
    expect((await em.find(PhaseClass, {}, { orderBy: { id: 'asc' } })).map((c) => c.key)).toEqual(phaseClassKeys);
  });

  it('runs the nine phases of docs/product.md in every general version', async () => {
    for (const version of [1, 2, 3, 4]) {
      const res = await trpc(ctx.app, 'query', 'warrior.phases', { type: 'general', version }, token);
      const list = phaseListSchema.strict().parse(res.data);
      expect(list.data.map((p) => p.type)).toEqual([
        'vo2',
        'exercises',
        'exercises',
        'exercises',
        'flexibility',
        'recovery',
        'exercises',
        'challenge',
        'data-analysis',
      ]);
      expect(list.data.map((p) => p.phase)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(list.data.every((p) => !p.active && !p.completed)).toBe(true);
    }
    expect((await get('/api/user/channel/warrior/general/version?version=5')).status).toBe(404);
    expect((await get('/api/user/channel/warrior/general/version?version=x')).status).toBe(422);
  });

  it('seeds once: a second run changes nothing and keeps what admins edited or deleted', async () => {
    const em = ctx.app.orm.em.fork();
    await em.nativeUpdate(Page, { id: 11 }, { title: 'Push (edited by a coach)' });
    await em.nativeDelete(Page, { id: 18 });
    expect(await seedProgramme(ctx.app.orm.em.fork())).toBe(false);
    const again = ctx.app.orm.em.fork();
    expect((await again.findOneOrFail(Page, { id: 11 })).title).toBe('Push (edited by a coach)');
    expect(await again.count(Page, { id: 18 })).toBe(0);
    // The sequence moved past the seeded ids: an admin's new page gets a fresh one.
    const page = again.create(Page, {
      title: 'Rings: technique guide',
      content: 'False grip first.',
      category: 4,
      position: 9,
    });
    await again.flush();
    expect(page.id).toBeGreaterThan(97);
    // Nine categories of the programme and the superhuman one of the macro guidelines.
    expect(await again.count(PageCategory, {})).toBe(10);
  });
});

describe('pages and videos', () => {
  it('answers the introduction pages 97, 1 and 2 with real text', async () => {
    for (const [id, title] of [
      [97, 'Welcome to the portal'],
      [1, 'How to use the Warrior channel'],
      [2, 'How to use the Superhuman channel'],
    ] as const) {
      const res = await get(`/api/user/page/${id}`);
      expect(res.status).toBe(200);
      const page = pageSchema.strict().parse(res.body);
      expect(page).toMatchObject({ id, title, page_category_id: 1, type: null, video_link: null });
      expect(page.content.length).toBeGreaterThan(300);
    }
    expect((await get('/api/user/page/31')).body).toMatchObject({
      title: 'VO2 max test',
      type: 'vo2',
      page_category_id: 6,
    });
    expect(await get('/api/user/page/9999')).toMatchObject({ status: 404, body: { message: 'Page not found.' } });
    expect((await get('/api/user/page/abc')).status).toBe(404);
    expect((await rest(ctx.app, 'GET', '/api/user/page/97')).status).toBe(401);
    expect((await get('/api/user/page/97', adminToken)).status).toBe(403);
  });

  it('pages the technique guides of category 4', async () => {
    const res = await get('/api/user/page/category/4/pages');
    const page = paginatedSchema(pageSchema.strict()).parse(res.body);
    expect(page.meta).toMatchObject({ current_page: 1, last_page: 1, per_page: 10 });
    expect(page.data.length).toBeGreaterThanOrEqual(7);
    expect(page.data[0]).toMatchObject({ title: 'Push (edited by a coach)', page_category_id: 4, muscle_group_id: 1 });
    expect(page.data.find((p) => p.title === 'Handstand: technique guide')!.content).toContain('Chest-to-wall');
    expect(page.links.first).toBe('http://localhost:80/api/user/page/category/4/pages?page=1');
    const second = await get('/api/user/page/category/4/pages?page=2');
    expect(second.body).toMatchObject({ data: [], meta: { current_page: 2 } });
    expect((await get('/api/user/page/category/404/pages')).status).toBe(404);
    expect((await get('/api/user/page/category/4/pages?page=0')).body.meta.current_page).toBe(1);
    const viaTrpc = await trpc(ctx.app, 'query', 'warrior.pages', { categoryId: 4 }, token);
    expect(viaTrpc.data).toEqual(res.body);
  });

  it('answers the video of a page or form group, 404 when there is none', async () => {
    expect(await get('/api/storage/page/11/video')).toMatchObject({
      status: 404,
      body: { message: 'This page has no video.' },
    });
    const em = ctx.app.orm.em.fork();
    await em.nativeUpdate(Page, { id: 12 }, { videoLink: '76979871' });
    await em.nativeUpdate(FormGroup, { id: 2 }, { videoLink: '1084537' });
    const page = await get('/api/storage/page/12/video');
    expect(videoSchema.strict().parse(page.body)).toEqual({
      data: { video_id: null, video_link: '76979871', video_path: null },
    });
    expect((await get('/api/storage/form/2/video')).body).toEqual({
      data: { video_id: null, video_link: '1084537', video_path: null },
    });
    expect((await get('/api/storage/form/3/video')).status).toBe(404);
    expect((await get('/api/storage/form/99/video')).body).toEqual({ message: 'Form group not found.' });
    // Admins preview videos too; visitors may not.
    expect((await get('/api/storage/page/12/video', adminToken)).status).toBe(200);
    expect((await rest(ctx.app, 'GET', '/api/storage/page/12/video')).status).toBe(401);
    // The exercise carries the form group's video link.
    const member = await trainingMember(ctx.app);
    await ctx.app.orm.em.fork().nativeUpdate(Evolution, { user: member.userId }, { phase: 2 });
    const phase = phaseDataSchema.parse((await get('/api/user/channel/warrior/calibration/phase', member.token)).body);
    expect(phase.data.find((e) => e.form_group_id === 2)!.video_link).toBe('1084537');
  });
});

describe('the version list', () => {
  it('lists versions newest first with version and active', async () => {
    const res = await get('/api/user/channel/warrior/general/evolution');
    const list = versionListSchema.strict().parse(res.body);
    expect(list.data.map((v) => v.version)).toEqual([4, 3, 2, 1]);
    expect(list.data[3]).toEqual({ version: 1, title: 'Version 1: Foundation', active: false, completed: false });
    expect(list.need_calibration).toBe(true);
    expect((await trpc(ctx.app, 'query', 'warrior.versions', undefined, token)).data).toEqual(res.body);
  });

  it('is for members only', async () => {
    expect((await rest(ctx.app, 'GET', '/api/user/channel/warrior/general/evolution')).status).toBe(401);
    expect((await get('/api/user/channel/warrior/general/evolution', adminToken)).status).toBe(403);
    expect((await trpc(ctx.app, 'query', 'warrior.versions', undefined, adminToken)).status).toBe(403);
  });
});

describe('programme content is for those who may train', () => {
  it('refuses guides, phase pages and videos to a member without a plan, and still shows them the introductions', async () => {
    const lapsed = (await trainingMember(ctx.app, { subscribed: false })).token;
    expect(await get('/api/user/page/category/4/pages', lapsed)).toMatchObject({
      status: 403,
      body: { message: SERVER_MESSAGE.subscriptionRequired },
    });
    const guide = (await get('/api/user/page/category/4/pages')).body.data[0].id as number;
    expect((await get(`/api/user/page/${guide}`, lapsed)).status).toBe(403);
    expect((await get(`/api/storage/page/${guide}/video`, lapsed)).status).toBe(403);
    expect((await get('/api/storage/form/1/video', lapsed)).status).toBe(403);
    expect((await trpc(ctx.app, 'query', 'warrior.page', { id: guide }, lapsed)).status).toBe(403);
    expect((await trpc(ctx.app, 'query', 'warrior.pages', { categoryId: 4 }, lapsed)).status).toBe(403);
    for (const intro of [97, 1, 2]) expect((await get(`/api/user/page/${intro}`, lapsed)).status).toBe(200);
    // The member routes stay members-only; the videos, open to any signed-in user, are open to admins too.
    expect((await get(`/api/user/page/${guide}`, adminToken)).status).toBe(403);
    expect(await trpc(ctx.app, 'query', 'warrior.pageVideo', { id: guide }, adminToken)).toMatchObject({
      status: 404,
      error: { message: 'This page has no video.' },
    });
  });
});

describe('results before any training', () => {
  it('answer empty lists and first forms; the chamber stays closed until calibration', async () => {
    expect((await get('/api/user/evolution/calibration')).body).toEqual({ data: [], evolution: null });
    expect((await get('/api/user/evolution/workout_results')).body).toEqual({ data: [], evolution: 1 });
    const forms = await get('/api/user/evolution/forms');
    expect(forms.body.data.map((r: { name: string; amount: number | null }) => [r.name, r.amount])[0]).toEqual([
      'Wall push-up',
      null,
    ]);
    expect(forms.body.meta).toMatchObject({ total: 8, last_page: 1 });
    expect(await get('/api/user/evolution/chamber/1')).toMatchObject({
      status: 403,
      body: { message: 'This action is unauthorized.' },
    });
    expect((await get('/api/user/evolution/workout_results?evolution=zero')).status).toBe(422);
    // Past PostgreSQL's integer: a clear 422, not the database's 500.
    expect(await get('/api/user/evolution/workout_results?evolution=3000000000')).toMatchObject({
      status: 422,
      body: { errors: { evolution: ['The evolution must be a whole number.'] } },
    });
    expect((await get('/api/user/evolution/workout_results?evolution=2147483647')).body.data).toEqual([]);
  });
});
