import { beforeAll, describe, expect, it } from 'vitest';
import {
  FORM_LADDER_MESSAGE,
  adminFormAnswerSchema,
  adminFormDeletedSchema,
  adminFormGroupAnswerSchema,
  adminFormGroupSchema,
  adminFormSchema,
  formLevelRowSchema,
  paginatedSchema,
  VIDEO_LINK_MESSAGE,
  workoutResultsSchema,
} from '@evolution/shared';
import { Form, Media, MemberForm, PhaseSubmission, WorkoutResult } from '../src/entities/index.ts';
import { formBody } from './helpers/catalogue.ts';
import { expectFieldErrors, rest, signedInAdmin, trpc } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';
import { trainingMember } from './helpers/training.ts';

// Two members moved per transaction, so a deleted form's members move in several batches here.
const ctx = useTestApp({ batchRows: 2 });
let admin: string;
let member: string;

beforeAll(async () => {
  admin = (await signedInAdmin(ctx.app)).token;
  member = (await trainingMember(ctx.app)).token;
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A REST call, as the admin unless another token (or null for nobody) is given. */
const call = (method: Method, url: string, body?: unknown, token: string | null = admin) =>
  rest(ctx.app, method, url, { token: token ?? undefined, body });
const groupBody = (overrides: Record<string, unknown> = {}) => ({ name: 'Row', exercise_type_id: 1, ...overrides });

async function newGroup(name = 'Row'): Promise<number> {
  const res = await call('POST', '/api/admin/form_group', groupBody({ name }));
  expect(res.status).toBe(201);
  return res.body.data.id;
}

async function newForm(groupId: number, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await call('POST', '/api/admin/form', formBody(groupId, overrides));
  expect(res.status).toBe(201);
  return res.body.data.id;
}

/** A fresh warrior member standing on `formId` of `groupId` (what calibration would have set). */
async function memberOn(groupId: number, formId: number) {
  const m = await trainingMember(ctx.app);
  const em = ctx.app.orm.em.fork();
  em.create(MemberForm, { user: m.userId, formGroup: groupId, form: formId });
  await em.flush();
  return m;
}

const standingOf = async (userId: number, groupId: number) =>
  (await ctx.app.orm.em.fork().findOne(MemberForm, { user: userId, formGroup: groupId }))?.form.id ?? null;

/** A logged set on `formId`, as the runner records it: name, level, progress and par copied onto the row. */
async function loggedSet(userId: number, groupId: number, formId: number) {
  const em = ctx.app.orm.em.fork();
  const form = await em.findOneOrFail(Form, { id: formId });
  const submission = em.create(PhaseSubmission, {
    user: userId,
    evolution: 1,
    track: 'general',
    version: 1,
    phase: 2,
    phaseType: 'exercises',
    fingerprint: 'f'.repeat(64),
    response: {},
  });
  em.create(WorkoutResult, {
    user: userId,
    submission,
    evolution: 1,
    track: 'general',
    version: 1,
    phase: 2,
    position: 0,
    form: formId,
    formGroup: groupId,
    formName: form.name,
    amount: 9,
    par: form.max,
    level: form.level,
    progress: form.progress,
    repsOrTime: form.repsOrTime,
  });
  await em.flush();
}

async function media(kind: 'form_group_video' | 'meal_image'): Promise<number> {
  const em = ctx.app.orm.em.fork();
  const row = em.create(Media, {
    kind,
    path: `uploads/test-${kind}-${Date.now()}-${Math.random()}.bin`,
    mime: 'video/mp4',
    size: 10,
  });
  await em.flush();
  return row.id;
}

describe('who may call', () => {
  it('every call needs a token (401) and role 2 (403)', async () => {
    const calls: [Method, string][] = [
      ['GET', '/api/admin/form_group'],
      ['POST', '/api/admin/form_group'],
      ['GET', '/api/admin/form_group/1'],
      ['PUT', '/api/admin/form_group/1'],
      ['DELETE', '/api/admin/form_group/1'],
      ['GET', '/api/admin/form_group/1/form'],
      ['POST', '/api/admin/form'],
      ['GET', '/api/admin/form/11'],
      ['PUT', '/api/admin/form/11'],
      ['DELETE', '/api/admin/form/11'],
    ];
    for (const [method, url] of calls) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      const route = `${method} ${url}`;
      expect({ route, ...(await call(method, url, body, null)) }).toMatchObject({
        route,
        status: 401,
        body: { message: 'Unauthenticated.' },
      });
      expect({ route, ...(await call(method, url, body, member)) }).toMatchObject({
        route,
        status: 403,
        body: { message: 'This action is unauthorized.' },
      });
    }
    // Nothing was deleted by the refused calls.
    expect((await call('GET', '/api/admin/form/11')).status).toBe(200);
  });

  it('the tRPC procedures check the same roles', async () => {
    for (const [kind, path, input] of [
      ['query', 'admin.formGroups.list', {}],
      ['query', 'admin.formGroups.get', { id: 1 }],
      ['mutation', 'admin.formGroups.create', groupBody()],
      ['mutation', 'admin.formGroups.update', { id: 1, ...groupBody() }],
      ['mutation', 'admin.formGroups.delete', { id: 1 }],
      ['query', 'admin.forms.list', { id: 1 }],
      ['query', 'admin.forms.get', { id: 11 }],
      ['mutation', 'admin.forms.create', formBody(1)],
      ['mutation', 'admin.forms.update', { id: 11, ...formBody(1) }],
      ['mutation', 'admin.forms.delete', { id: 11 }],
    ] as const) {
      expect({ path, status: (await trpc(ctx.app, kind, path, input)).status }).toEqual({ path, status: 401 });
      expect({ path, status: (await trpc(ctx.app, kind, path, input, member)).status }).toEqual({ path, status: 403 });
    }
  });
});

describe('form groups', () => {
  it("lists the seeded ladders in Laravel's page shape; a group a calibration uses is not deletable", async () => {
    const res = await call('GET', '/api/admin/form_group');
    expect(res.status).toBe(200);
    const page = paginatedSchema(adminFormGroupSchema.strict()).strict().parse(res.body);
    expect(page.meta).toMatchObject({ current_page: 1, per_page: 10, total: 8, last_page: 1 });
    expect(page.data[0]).toMatchObject({
      id: 1,
      name: 'Push',
      exercise_type_id: 1,
      forms_count: 8,
      deletable: false,
      video_id: null,
      video_path: null,
    });
    expect(page.data.every((g) => !g.deletable)).toBe(true);
  });

  it('searches by name, keeps the search in the links, and takes % literally', async () => {
    const res = await call('GET', '/api/admin/form_group?search=pu');
    expect(res.body.data.map((g: { name: string }) => g.name)).toEqual(['Push', 'Pull']);
    expect(res.body.links.first).toContain('search=pu');
    expect((await call('GET', '/api/admin/form_group?search=%25')).body.meta.total).toBe(0);
    // As Laravel's paginator: a page that is no whole number from 1 is page 1.
    expect((await call('GET', '/api/admin/form_group?page=0')).body.meta.current_page).toBe(1);
  });

  it('pages 10 at a time', async () => {
    for (const name of ['Paging A', 'Paging B', 'Paging C']) await newGroup(name);
    const second = await call('GET', '/api/admin/form_group?page=2');
    expect(second.body.meta).toMatchObject({ current_page: 2, from: 11, last_page: 2 });
    expect(second.body.data.map((g: { name: string }) => g.name)).toContain('Paging C');
  });

  it('creates a group (201) that is deletable, and refuses bad input with the spec messages', async () => {
    const empty = await call('POST', '/api/admin/form_group', {});
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({
      message: 'Enter the name. (and 1 more error)',
      errors: { name: ['Enter the name.'], exercise_type_id: ['Choose an exercise type.'] },
    });
    expect((await call('POST', '/api/admin/form_group', groupBody({ name: '   ' }))).body.errors).toEqual({
      name: ['Enter the name.'],
    });
    expect((await call('POST', '/api/admin/form_group', groupBody({ exercise_type_id: 999 }))).body.errors).toEqual({
      exercise_type_id: ['Choose an exercise type from the list.'],
    });
    expect((await call('POST', '/api/admin/form_group', groupBody({ video_id: 999999 }))).body.errors).toEqual({
      video_id: ['The video could not be found: upload it again.'],
    });
    // A meal picture is not a form group video.
    expect(
      (await call('POST', '/api/admin/form_group', groupBody({ video_id: await media('meal_image') }))).body.errors,
    ).toEqual({ video_id: ['The video could not be found: upload it again.'] });

    const res = await call(
      'POST',
      '/api/admin/form_group',
      groupBody({ name: 'Rows', video_link: 'https://video.example/rows' }),
    );
    expect(res.status).toBe(201);
    const group = adminFormGroupAnswerSchema.strict().parse(res.body).data;
    expect(group).toMatchObject({
      name: 'Rows',
      exercise_type_id: 1,
      exercise_type_name: expect.any(String),
      video_link: 'https://video.example/rows',
      forms_count: 0,
      deletable: true,
    });
    expect((await call('GET', `/api/admin/form_group/${group.id}`)).body.data).toEqual(group);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const url of [
      '/api/admin/form_group/999999',
      '/api/admin/form_group/abc',
      '/api/admin/form_group/999999/form',
    ]) {
      expect(await call('GET', url)).toMatchObject({
        status: 404,
        body: { message: FORM_LADDER_MESSAGE.groupNotFound },
      });
    }
    expect((await call('PUT', '/api/admin/form_group/999999', groupBody())).status).toBe(404);
    expect((await call('DELETE', '/api/admin/form_group/999999')).status).toBe(404);
  });

  it('saves name, type, an uploaded video (signed address) and link; null clears the video', async () => {
    const id = await newGroup('Hinge 2');
    const video = await media('form_group_video');
    const res = await call('PUT', `/api/admin/form_group/${id}`, {
      name: 'Hip hinge',
      exercise_type_id: 2,
      video_id: video,
      video_link: 'abc123',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      name: 'Hip hinge',
      exercise_type_id: 2,
      video_id: video,
      video_link: 'abc123',
    });
    expect(res.body.data.video_path).toMatch(new RegExp(`/api/media/${video}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    const cleared = await call('PUT', `/api/admin/form_group/${id}`, {
      name: 'Hip hinge',
      exercise_type_id: 2,
      video_id: null,
      video_link: '',
    });
    expect(cleared.body.data).toMatchObject({ video_id: null, video_path: null, video_link: null });
    const bad = await call('PUT', `/api/admin/form_group/${id}`, { name: '', exercise_type_id: 'x' });
    expect(bad.body.errors).toEqual({
      name: ['Enter the name.'],
      exercise_type_id: ['Choose an exercise type from the list.'],
    });
    expect((await call('GET', `/api/admin/form_group/${id}`)).body.data.name).toBe('Hip hinge');
  });

  it('takes a video link only as an http(s) address or a bare video id: 422 otherwise, on REST and tRPC', async () => {
    const id = await newGroup('Linked');
    for (const link of ['javascript:alert(1)', 'data:text/html,x', '/api/media/1', 'a b']) {
      const res = await call('PUT', `/api/admin/form_group/${id}`, groupBody({ video_link: link }));
      expect([link, res.status]).toEqual([link, 422]);
      expect(res.body.errors).toEqual({ video_link: [VIDEO_LINK_MESSAGE] });
      const created = await call('POST', '/api/admin/form_group', groupBody({ name: 'Bad link', video_link: link }));
      expect([link, created.status]).toEqual([link, 422]);
      const viaTrpc = await trpc(
        ctx.app,
        'mutation',
        'admin.formGroups.update',
        { id, ...groupBody({ video_link: link }) },
        admin,
      );
      expect([link, viaTrpc.status]).toEqual([link, 422]);
      expect(viaTrpc.error.data.errors).toEqual({ video_link: [VIDEO_LINK_MESSAGE] });
    }
    const list = await call('GET', '/api/admin/form_group?search=bad%20link');
    expect(list.body.data).toEqual([]);
    for (const link of ['https://player.vimeo.com/video/1084537', '1084537', 'dQw4w9WgXcQ']) {
      expect(
        (await call('PUT', `/api/admin/form_group/${id}`, groupBody({ video_link: link }))).body.data.video_link,
      ).toBe(link);
    }
  });

  it('deletes a deletable group with its forms', async () => {
    const id = await newGroup('Short-lived');
    const form = await newForm(id);
    expect(await call('DELETE', `/api/admin/form_group/${id}`)).toMatchObject({
      status: 200,
      body: { message: 'Form group deleted.' },
    });
    expect((await call('GET', `/api/admin/form_group/${id}`)).status).toBe(404);
    expect((await call('GET', `/api/admin/form/${form}`)).status).toBe(404);
  });

  it('refuses (409) to delete a group a calibration uses, or whose forms a member stands on or has results for; nothing changes', async () => {
    expect(await call('DELETE', '/api/admin/form_group/1')).toMatchObject({
      status: 409,
      body: { message: FORM_LADDER_MESSAGE.groupInUse },
    });
    expect((await call('GET', '/api/admin/form_group/1')).body.data.forms_count).toBe(8);

    const ladderInUse = await newGroup('Ladder in use');
    const form = await newForm(ladderInUse);
    await memberOn(ladderInUse, form);
    expect((await call('GET', `/api/admin/form_group/${ladderInUse}`)).body.data.deletable).toBe(false);
    expect((await call('DELETE', `/api/admin/form_group/${ladderInUse}`)).status).toBe(409);

    const withResults = await newGroup('Results only');
    const logged = await newForm(withResults);
    const m = await trainingMember(ctx.app);
    await loggedSet(m.userId, withResults, logged);
    expect((await call('GET', `/api/admin/form_group/${withResults}`)).body.data.deletable).toBe(false);
    expect((await call('DELETE', `/api/admin/form_group/${withResults}`)).status).toBe(409);
    expect((await call('GET', `/api/admin/form/${logged}`)).status).toBe(200);
  });

  it('works the same through tRPC', async () => {
    const created = await trpc(ctx.app, 'mutation', 'admin.formGroups.create', groupBody({ name: 'Via tRPC' }), admin);
    expect(created.status).toBe(200);
    const id = created.data.data.id;
    const bad = await trpc(ctx.app, 'mutation', 'admin.formGroups.create', { name: '' }, admin);
    expect(bad.status).toBe(422);
    expect(bad.error.data.errors).toEqual({
      name: ['Enter the name.'],
      exercise_type_id: ['Choose an exercise type.'],
    });
    const updated = await trpc(
      ctx.app,
      'mutation',
      'admin.formGroups.update',
      { id, ...groupBody({ name: 'Via tRPC 2' }) },
      admin,
    );
    expect(updated.data.data.name).toBe('Via tRPC 2');
    const list = await trpc(ctx.app, 'query', 'admin.formGroups.list', { search: 'via trpc' }, admin);
    expect(list.data.data.map((g: { id: number }) => g.id)).toEqual([id]);
    expect((await trpc(ctx.app, 'query', 'admin.formGroups.get', { id }, admin)).data.data.deletable).toBe(true);
    expect((await trpc(ctx.app, 'mutation', 'admin.formGroups.delete', { id: 1 }, admin)).status).toBe(409);
    expect((await trpc(ctx.app, 'mutation', 'admin.formGroups.delete', { id }, admin)).data).toEqual({
      message: 'Form group deleted.',
    });
    expect((await trpc(ctx.app, 'query', 'admin.formGroups.get', { id }, admin)).status).toBe(404);
  });
});

describe('forms', () => {
  it('lists a ladder by level then progress with its rungs and members, 10 a page', async () => {
    const res = await call('GET', '/api/admin/form_group/1/form');
    expect(res.status).toBe(200);
    const page = paginatedSchema(adminFormSchema.strict()).strict().parse(res.body);
    expect(page.meta).toMatchObject({ total: 8, last_page: 1 });
    expect(page.data.map((f) => f.rung)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(page.data[0]).toMatchObject({
      id: 11,
      name: 'Wall push-up',
      level: 1,
      progress: 1,
      min: 12,
      max: 20,
      reps_or_time: 1,
      form_group_id: 1,
      form_group_name: 'Push',
    });

    const group = await newGroup('Long ladder');
    // Created out of order: the list orders them.
    for (let i = 12; i >= 1; i--)
      await newForm(group, { name: `Rung ${i}`, level: Math.ceil(i / 3), progress: ((i - 1) % 3) + 1 });
    const first = await call('GET', `/api/admin/form_group/${group}/form`);
    expect(first.body.meta).toMatchObject({ total: 12, last_page: 2, per_page: 10 });
    expect(first.body.data.map((f: { name: string }) => f.name).slice(0, 4)).toEqual([
      'Rung 1',
      'Rung 2',
      'Rung 3',
      'Rung 4',
    ]);
    const second = await call('GET', `/api/admin/form_group/${group}/form?page=2`);
    expect(second.body.data.map((f: { name: string; rung: number }) => [f.name, f.rung])).toEqual([
      ['Rung 11', 11],
      ['Rung 12', 12],
    ]);
    expect(second.body.links.prev).toContain(`/api/admin/form_group/${group}/form?page=1`);
  });

  it('creates a form (201) and refuses bad input with one message per field', async () => {
    const empty = await call('POST', '/api/admin/form', {});
    expectFieldErrors(empty, {
      name: ['Enter the name.'],
      muscle_group_id: ['Choose a muscle group.'],
      level: ['Enter the level.'],
      progress: ['Enter the progress.'],
      min: ['Enter the min.'],
      max: ['Enter the max.'],
      reps_or_time: ['Choose reps or time.'],
      form_group_id: ['Choose a form group.'],
    });
    expect(empty.body.message).toBe('Enter the name. (and 7 more errors)');
    const group = await newGroup('Validation');
    const errorsOf = async (overrides: Record<string, unknown>) =>
      (await call('POST', '/api/admin/form', formBody(group, overrides))).body.errors;
    expect(await errorsOf({ min: 13, max: 12 })).toEqual({ max: [FORM_LADDER_MESSAGE.maxBelowMin] });
    expect(await errorsOf({ level: 0, progress: 1.5 })).toEqual({
      level: ['The level must be at least 1.'],
      progress: ['The progress must be a whole number.'],
    });
    expect(await errorsOf({ min: 'lots', max: 100000 })).toEqual({
      min: ['The min must be a whole number.'],
      max: ['The max may not be greater than 10000.'],
    });
    expect(await errorsOf({ reps_or_time: 3 })).toEqual({ reps_or_time: [FORM_LADDER_MESSAGE.repsOrTime] });
    expect(await errorsOf({ form_group_id: 999999 })).toEqual({
      form_group_id: ['Choose a form group from the list.'],
    });
    expect(await errorsOf({ muscle_group_id: 999 })).toEqual({
      muscle_group_id: ['Choose a muscle group from the list.'],
    });

    const res = await call(
      'POST',
      '/api/admin/form',
      formBody(group, { level: '2', progress: '1', min: '5', max: '5', reps_or_time: '2' }),
    );
    expect(res.status).toBe(201);
    expect(adminFormAnswerSchema.strict().parse(res.body).data).toMatchObject({
      name: 'Australian row',
      level: 2,
      progress: 1,
      min: 5,
      max: 5,
      reps_or_time: 2,
      rung: 1,
      members_count: 0,
    });
    expect(await errorsOf({ level: 2, progress: 1 })).toEqual({ progress: [FORM_LADDER_MESSAGE.levelTaken(2, 1)] });
    expect((await call('GET', `/api/admin/form_group/${group}/form`)).body.meta.total).toBe(1);
  });

  it('answers 404 for an unknown form', async () => {
    for (const method of ['GET', 'DELETE'] as const)
      expect((await call(method, '/api/admin/form/999999')).status).toBe(404);
    expect(await call('PUT', '/api/admin/form/999999', formBody(1))).toMatchObject({
      status: 404,
      body: { message: FORM_LADDER_MESSAGE.formNotFound },
    });
    expect((await call('GET', '/api/admin/form/x')).status).toBe(404);
  });

  it("saves a form's range: the member on it sees the new min and max in their form levels", async () => {
    const m = await memberOn(1, 14);
    const put = await call('PUT', '/api/admin/form/14', {
      name: 'Push-up',
      muscle_group_id: 1,
      level: 2,
      progress: 1,
      min: 9,
      max: 17,
      reps_or_time: 1,
      form_group_id: 1,
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ id: 14, min: 9, max: 17, rung: 4, members_count: 1 });
    const levels = paginatedSchema(formLevelRowSchema).parse(
      (await rest(ctx.app, 'GET', '/api/user/evolution/forms', { token: m.token })).body,
    );
    expect(levels.data.find((r) => r.form_group_id === 1)).toMatchObject({
      form_id: 14,
      name: 'Push-up',
      min: 9,
      max: 17,
    });
  });

  it('refuses a taken level and progress, a move to another group, and min above max, changing nothing', async () => {
    const body = { name: 'Push-up', muscle_group_id: 1, level: 2, progress: 1, min: 9, max: 17, reps_or_time: 1 };
    expect((await call('PUT', '/api/admin/form/14', { ...body, level: 1, progress: 1 })).body.errors).toEqual({
      progress: [FORM_LADDER_MESSAGE.levelTaken(1, 1)],
    });
    expect((await call('PUT', '/api/admin/form/14', { ...body, form_group_id: 2 })).body.errors).toEqual({
      form_group_id: [FORM_LADDER_MESSAGE.groupChanged],
    });
    expect((await call('PUT', '/api/admin/form/14', { ...body, min: 18 })).body.errors).toEqual({
      max: [FORM_LADDER_MESSAGE.maxBelowMin],
    });
    expect((await call('GET', '/api/admin/form/14')).body.data).toMatchObject({
      level: 2,
      progress: 1,
      min: 9,
      max: 17,
    });
    // Its own level and progress are not a clash; a new level moves it on the ladder.
    const moved = await call('PUT', '/api/admin/form/14', { ...body, level: 9, progress: 9 });
    expect(moved.body.data).toMatchObject({ rung: 8 });
    expect((await call('PUT', '/api/admin/form/14', body)).body.data.rung).toBe(4);
  });

  it('moves members on a deleted form to the form below, or above for the first; results keep the form by name', async () => {
    const group = await newGroup('Deletion ladder');
    const [a, b, c] = [
      await newForm(group, { name: 'A', level: 1 }),
      await newForm(group, { name: 'B', level: 2 }),
      await newForm(group, { name: 'C', level: 3 }),
    ];
    const onB = await memberOn(group, b);
    const onA = await memberOn(group, a);
    await loggedSet(onB.userId, group, b);

    const res = await call('DELETE', `/api/admin/form/${b}`);
    expect(res.status).toBe(200);
    expect(adminFormDeletedSchema.strict().parse(res.body)).toEqual({
      message: 'Form deleted.',
      members_moved: 1,
      moved_to: { id: a, name: 'A' },
    });
    expect(await standingOf(onB.userId, group)).toBe(a);
    const history = workoutResultsSchema.parse(
      (await rest(ctx.app, 'GET', '/api/user/evolution/workout_results', { token: onB.token })).body,
    );
    expect(history.data).toEqual([
      expect.objectContaining({ form_id: null, form_name: 'B', level: 2, progress: 1, par: 12, amount: 9 }),
    ]);

    expect((await call('DELETE', `/api/admin/form/${a}`)).body).toMatchObject({
      members_moved: 2,
      moved_to: { id: c, name: 'C' },
    });
    expect([await standingOf(onA.userId, group), await standingOf(onB.userId, group)]).toEqual([c, c]);
    expect((await call('GET', `/api/admin/form/${c}`)).body.data).toMatchObject({ rung: 1, members_count: 2 });
  });

  it("moves a crowded form's members in batches, each its own transaction, and deletes the form with the last", async () => {
    const group = await newGroup('Crowded ladder');
    const [low, crowded] = [
      await newForm(group, { name: 'Low', level: 1 }),
      await newForm(group, { name: 'Crowded', level: 2 }),
    ];
    const members = [];
    for (let i = 0; i < 5; i++) members.push(await memberOn(group, crowded));
    const res = await call('DELETE', `/api/admin/form/${crowded}`);
    expect(res.body).toEqual({ message: 'Form deleted.', members_moved: 5, moved_to: { id: low, name: 'Low' } });
    for (const m of members) expect(await standingOf(m.userId, group)).toBe(low);
    expect((await call('GET', `/api/admin/form/${crowded}`)).status).toBe(404);
    expect((await call('DELETE', `/api/admin/form/${crowded}`)).status).toBe(404);
  });

  it('keeps the last form of a group while members stand on it (409), and deletes it once nobody does', async () => {
    const group = await newGroup('Single form');
    const only = await newForm(group);
    const m = await memberOn(group, only);
    expect(await call('DELETE', `/api/admin/form/${only}`)).toMatchObject({
      status: 409,
      body: { message: FORM_LADDER_MESSAGE.lastFormInUse },
    });
    expect(await standingOf(m.userId, group)).toBe(only);

    const empty = await newGroup('Single unused form');
    const unused = await newForm(empty);
    expect((await call('DELETE', `/api/admin/form/${unused}`)).body).toEqual({
      message: 'Form deleted.',
      members_moved: 0,
      moved_to: null,
    });
    expect((await call('GET', `/api/admin/form_group/${empty}`)).body.data).toMatchObject({
      forms_count: 0,
      deletable: true,
    });
  });

  it('works the same through tRPC', async () => {
    const group = await newGroup('tRPC ladder');
    const created = await trpc(ctx.app, 'mutation', 'admin.forms.create', formBody(group, { name: 'First' }), admin);
    expect(created.status).toBe(200);
    const id = created.data.data.id;
    const bad = await trpc(
      ctx.app,
      'mutation',
      'admin.forms.update',
      { id, ...formBody(group, { min: 20, max: 10 }) },
      admin,
    );
    expect(bad.status).toBe(422);
    expect(bad.error.data.errors).toEqual({ max: [FORM_LADDER_MESSAGE.maxBelowMin] });
    const updated = await trpc(
      ctx.app,
      'mutation',
      'admin.forms.update',
      { id, ...formBody(group, { name: 'First', min: 10, max: 20 }) },
      admin,
    );
    expect(updated.data.data).toMatchObject({ min: 10, max: 20 });
    expect((await trpc(ctx.app, 'query', 'admin.forms.get', { id }, admin)).data.data.name).toBe('First');
    expect((await trpc(ctx.app, 'query', 'admin.forms.list', { id: group, page: 1 }, admin)).data.meta.total).toBe(1);
    expect((await trpc(ctx.app, 'query', 'admin.forms.list', { id: 999999 }, admin)).status).toBe(404);
    expect((await trpc(ctx.app, 'mutation', 'admin.forms.delete', { id }, admin)).data).toMatchObject({
      members_moved: 0,
    });
    expect((await trpc(ctx.app, 'query', 'admin.forms.get', { id }, admin)).status).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents every call of this area', async () => {
    const spec = (await rest(ctx.app, 'GET', '/api/openapi.json')).body;
    expect(Object.keys(spec.paths['/admin/form_group'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(spec.paths['/admin/form_group/{id}'])).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    expect(Object.keys(spec.paths['/admin/form_group/{id}/form'])).toEqual(['get']);
    expect(Object.keys(spec.paths['/admin/form'])).toEqual(['post']);
    expect(Object.keys(spec.paths['/admin/form/{id}'])).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    expect(spec.paths['/admin/form/{id}'].delete.summary).toContain('nearest remaining form');
  });
});
