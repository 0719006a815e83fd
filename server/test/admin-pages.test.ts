/**
 * Content pages in the admin area (docs/spec/admin.md §§3, 5 and 7): the category tree, pages by category, a page's
 * edit with the phase-class rule, add and delete only in category 4, media references, on REST and tRPC; and the
 * start-up rewrite of plain-text seeded pages as Markdown.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PAGE_MESSAGE,
  adminPageSchema,
  adminPageCategoryTreeSchema,
  paginatedSchema,
  phaseClassListSchema,
  VIDEO_LINK_MESSAGE,
} from '@evolution/shared';
import { upgradeSeededPageTexts } from '../src/db/pageText.ts';
import { PAGES } from '../src/db/programme.ts';
import { Evolution, Media, Page } from '../src/entities/index.ts';
import { expectFieldErrors, rest, signedInAdmin, trpc } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';
import { phaseClassKeys, trainingMember } from './helpers/training.ts';

const ctx = useTestApp();
let adminToken: string;
let memberToken: string;
let memberId: number;

/** Media rows of each kind, as the upload routes leave them (the files themselves are not needed here). */
const media: Record<'pageImage' | 'pageVideo' | 'mealImage' | 'photo', number> = {
  pageImage: 0,
  pageVideo: 0,
  mealImage: 0,
  photo: 0,
};

beforeAll(async () => {
  adminToken = (await signedInAdmin(ctx.app)).token;
  ({ token: memberToken, userId: memberId } = await trainingMember(ctx.app));
  const em = ctx.app.orm.em.fork();
  const row = (kind: 'page_image' | 'page_video' | 'meal_image' | 'progress_photo', ext: string, mime: string) =>
    em.create(Media, {
      kind,
      path: `uploads/test-${kind}-${Date.now()}.${ext}`,
      mime,
      size: 10,
      owner: kind === 'progress_photo' ? memberId : null,
    });
  const rows = {
    pageImage: row('page_image', 'jpg', 'image/jpeg'),
    pageVideo: row('page_video', 'mp4', 'video/mp4'),
    mealImage: row('meal_image', 'jpg', 'image/jpeg'),
    photo: row('progress_photo', 'jpg', 'image/jpeg'),
  };
  await em.flush();
  for (const [key, r] of Object.entries(rows)) media[key as keyof typeof media] = r.id;
});

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  rest(ctx.app, method, url, { token: adminToken, body });
const pageRow = (id: number) => ctx.app.orm.em.fork().findOneOrFail(Page, { id }, { populate: ['phaseClass'] });
const seeded = (id: number) => PAGES.find((p) => p.id === id)!;
/** How a page answers when it has no muscle group, picture or video. */
const noMuscleGroupOrMedia = {
  muscle_group_id: null,
  image_id: null,
  image_path: null,
  video_id: null,
  video_path: null,
  video_link: null,
};

describe('who may call the page routes', () => {
  const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
    ['GET', '/api/admin/page/category'],
    ['GET', '/api/admin/page/category/4/pages'],
    ['GET', '/api/admin/page/11'],
    ['PUT', '/api/admin/page/11'],
    ['DELETE', '/api/admin/page/11'],
    ['POST', '/api/admin/page'],
    ['GET', '/api/admin/phase_class'],
  ];
  it.each(calls)('%s %s: 401 without a token, 403 for a member, and nothing changes', async (method, url) => {
    expect(
      await rest(ctx.app, method, url, { body: method === 'GET' || method === 'DELETE' ? undefined : {} }),
    ).toMatchObject({ status: 401, body: { message: 'Unauthenticated.' } });
    expect(
      await rest(ctx.app, method, url, {
        token: memberToken,
        body: method === 'GET' || method === 'DELETE' ? undefined : { title: 'x', content: 'y', page_category_id: 4 },
      }),
    ).toMatchObject({ status: 403, body: { message: 'This action is unauthorized.' } });
    expect((await pageRow(11)).title).toBe('Push: technique guide');
  });

  it('is admin.pages.* on tRPC with the same checks', async () => {
    expect((await trpc(ctx.app, 'query', 'admin.pages.categories')).status).toBe(401);
    expect((await trpc(ctx.app, 'query', 'admin.pages.get', { id: 11 }, memberToken)).status).toBe(403);
    expect((await trpc(ctx.app, 'mutation', 'admin.pages.delete', { id: 11 }, memberToken)).status).toBe(403);
  });
});

describe('GET admin/page/category and admin/phase_class', () => {
  it('answers the content tree; only technique guides (4) take new pages', async () => {
    const res = await admin('GET', '/api/admin/page/category');
    expect(res.status).toBe(200);
    const tree = adminPageCategoryTreeSchema.parse(res.body);
    expect(tree.data.map((c) => c.name)).toEqual(['Introduction', 'Warrior', 'Superhuman']);
    const warrior = tree.data[1]!;
    expect(warrior.children.map((c) => [c.id, c.name, c.parent, c.can_add_pages])).toEqual([
      [3, 'Calibration', 2, false],
      [4, 'Technique guides', 2, true],
      [5, 'General', 2, false],
    ]);
    expect(warrior.children[2]!.children.map((c) => c.id)).toEqual([6, 7, 8, 9]);
    expect((await trpc(ctx.app, 'query', 'admin.pages.categories', undefined, adminToken)).data).toEqual(res.body);
  });

  it('lists the seven phase classes', async () => {
    const res = await admin('GET', '/api/admin/phase_class');
    expect(res.status).toBe(200);
    expect(phaseClassListSchema.parse(res.body).data.map((c) => c.key)).toEqual(phaseClassKeys);
    expect(res.body.data[2]).toEqual({ id: 3, name: 'Exercises', key: 'exercises', preset: { chunk: 3, repeats: 3 } });
    expect((await trpc(ctx.app, 'query', 'admin.pages.phaseClasses', undefined, adminToken)).data).toEqual(res.body);
  });
});

describe('GET admin/page/category/{id}/pages', () => {
  it("pages a category 10 at a time in Laravel's shape, in the programme's order, searched by title", async () => {
    const res = await admin('GET', '/api/admin/page/category/4/pages');
    expect(res.status).toBe(200);
    const list = paginatedSchema(adminPageSchema.strict()).strict().parse(res.body);
    expect(list.data.map((p) => p.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18]);
    expect(list.data.every((p) => p.deletable && p.track === null && p.class_id === null)).toBe(true);
    expect(list.meta).toMatchObject({ current_page: 1, per_page: 10, total: 8, last_page: 1 });

    const squat = await admin('GET', '/api/admin/page/category/4/pages?search=SQUAT');
    expect(squat.body.data.map((p: { title: string }) => p.title)).toEqual(['Squat: technique guide']);
    expect(squat.body.links.first).toContain('search=SQUAT');
    expect((await admin('GET', '/api/admin/page/category/4/pages?search=%25')).body.meta.total).toBe(0);

    const version = await admin('GET', '/api/admin/page/category/6/pages');
    expect(
      version.body.data.map((p: { phase: number; track: string; deletable: boolean }) => [
        p.phase,
        p.track,
        p.deletable,
      ]),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => [n, 'general', false]).slice(0, 9));
    expect(version.body.meta.total).toBe(9);
  });

  it('is admin.pages.list on tRPC', async () => {
    const res = await trpc(ctx.app, 'query', 'admin.pages.list', { categoryId: 3, page: 1 }, adminToken);
    expect(res.data.data.map((p: { title: string; phase: number }) => [p.title, p.phase])).toEqual([
      ['VO2 max test', 1],
      ['Calibration max tests', 2],
      ['Data analysis', 3],
    ]);
  });

  it('answers 404 for an unknown category and 422 for a bad page number', async () => {
    expect(await admin('GET', '/api/admin/page/category/999/pages')).toMatchObject({
      status: 404,
      body: { message: ADMIN_PAGE_MESSAGE.categoryNotFound },
    });
    expect((await admin('GET', '/api/admin/page/category/abc/pages')).status).toBe(404);
    // As Laravel's paginator: a page that is no whole number from 1 is page 1.
    expect(await admin('GET', '/api/admin/page/category/4/pages?page=0')).toMatchObject({
      status: 200,
      body: { meta: { current_page: 1 } },
    });
  });
});

describe('GET admin/page/{id}', () => {
  it('answers the fields of docs/spec/admin.md §3 and where the page stands', async () => {
    const res = await admin('GET', '/api/admin/page/21');
    expect(res.status).toBe(200);
    expect(adminPageSchema.strict().parse(res.body.data)).toMatchObject({
      id: 21,
      title: 'VO2 max test',
      page_category_id: 3,
      class_id: 1,
      ...noMuscleGroupOrMedia,
      deletable: false,
      track: 'calibration',
      phase: 1,
    });
    expect(res.body.data.content).toBe(seeded(21).content);
    expect((await trpc(ctx.app, 'query', 'admin.pages.get', { id: 21 }, adminToken)).data).toEqual(res.body);
  });

  it('answers 404 for an unknown page', async () => {
    expect(await admin('GET', '/api/admin/page/99999')).toMatchObject({
      status: 404,
      body: { message: ADMIN_PAGE_MESSAGE.pageNotFound },
    });
    expect((await admin('GET', '/api/admin/page/x1')).status).toBe(404);
    expect((await trpc(ctx.app, 'query', 'admin.pages.get', { id: 99999 }, adminToken)).status).toBe(404);
  });
});

describe('PUT admin/page/{id}', () => {
  it("edits an introduction's title and Markdown, and the member reads the change", async () => {
    const content = '## Start here\n\n1. **Calibrate** first.\n2. Then train.';
    const res = await admin('PUT', '/api/admin/page/1', { title: 'Warrior: how it works', content });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: 1, title: 'Warrior: how it works', content });
    const member = await rest(ctx.app, 'GET', '/api/user/page/1', { token: memberToken });
    expect(member.body).toMatchObject({ title: 'Warrior: how it works', content });
  });

  it('refuses a blank title and content with the 422 messages, and changes nothing', async () => {
    const before = await pageRow(12);
    const res = await admin('PUT', '/api/admin/page/12', { title: '  ', content: '' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'Enter the title. (and 1 more error)',
      errors: { title: [ADMIN_PAGE_MESSAGE.titleRequired], content: [ADMIN_PAGE_MESSAGE.contentRequired] },
    });
    const after = await pageRow(12);
    expect([after.title, after.content]).toEqual([before.title, before.content]);
    expect(
      (await admin('PUT', '/api/admin/page/12', { title: 'x'.repeat(256), content: 'ok' })).body.errors.title,
    ).toEqual(['The title may not be greater than 255 characters.']);
  });

  it('answers 404 for an unknown page', async () => {
    expect(await admin('PUT', '/api/admin/page/99999', { title: 'A', content: 'B' })).toMatchObject({
      status: 404,
      body: { message: ADMIN_PAGE_MESSAGE.pageNotFound },
    });
  });

  it('sets, keeps and clears the muscle group, picture, video and video link', async () => {
    const body = { title: 'Pull: technique guide', content: seeded(12).content };
    const set = await admin('PUT', '/api/admin/page/12', {
      ...body,
      muscle_group_id: 5,
      image_id: media.pageImage,
      video_id: media.pageVideo,
      video_link: 'abc123',
    });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({
      muscle_group_id: 5,
      image_id: media.pageImage,
      video_id: media.pageVideo,
      video_link: 'abc123',
    });
    expect(set.body.data.image_path).toMatch(
      new RegExp(`/api/media/${media.pageImage}\\?expires=\\d+&signature=[0-9a-f]{64}$`),
    );
    expect(set.body.data.video_path).toMatch(new RegExp(`/api/media/${media.pageVideo}\\?expires=`));
    // Fields left out keep their value (page_category_id cannot move the page).
    const kept = await admin('PUT', '/api/admin/page/12', { ...body, page_category_id: 1 });
    expect(kept.body.data).toMatchObject({
      page_category_id: 4,
      muscle_group_id: 5,
      image_id: media.pageImage,
      video_id: media.pageVideo,
      video_link: 'abc123',
    });
    const cleared = await admin('PUT', '/api/admin/page/12', {
      ...body,
      muscle_group_id: null,
      image_id: null,
      video_id: '',
      video_link: '',
    });
    expect(cleared.body.data).toMatchObject(noMuscleGroupOrMedia);
  });

  it('refuses media of another kind, a member photo, and unknown muscle groups and classes, all in one 422', async () => {
    const res = await admin('PUT', '/api/admin/page/13', {
      title: 'T',
      content: 'C',
      image_id: media.photo,
      video_id: media.pageImage,
      muscle_group_id: 999,
      class_id: 999,
    });
    expectFieldErrors(res, {
      class_id: [ADMIN_PAGE_MESSAGE.classInvalid],
      muscle_group_id: [ADMIN_PAGE_MESSAGE.muscleGroupInvalid],
      image_id: ['The image could not be found: upload it again.'],
      video_id: ['The video could not be found: upload it again.'],
    });
    expect(
      (await admin('PUT', '/api/admin/page/13', { title: 'T', content: 'C', image_id: media.mealImage })).body.errors,
    ).toEqual({ image_id: ['The image could not be found: upload it again.'] });
    expect(
      (await admin('PUT', '/api/admin/page/13', { title: 'T', content: 'C', image_id: 'abc' })).body.errors,
    ).toEqual({ image_id: ['The image id must be a whole number.'] });
    expect((await pageRow(13)).title).toBe('Squat: technique guide');
  });

  it('lets a version phase change class where the runner can still run it, and the member runs the new class', async () => {
    const res = await admin('PUT', '/api/admin/page/35', {
      title: 'Flexibility',
      content: seeded(35).content,
      class_id: 6,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ class_id: 6, track: 'general', phase: 5 });
    const phases = await rest(ctx.app, 'GET', '/api/user/channel/warrior/general/version?version=1', {
      token: memberToken,
    });
    expect(phases.status).toBe(200);
    expect(phases.body.data.map((p: { type: string }) => p.type)).toEqual([
      'vo2',
      'exercises',
      'exercises',
      'exercises',
      'recovery',
      'recovery',
      'exercises',
      'challenge',
      'data-analysis',
    ]);
    expect(
      (await admin('PUT', '/api/admin/page/35', { title: 'Flexibility', content: seeded(35).content, class_id: 5 }))
        .status,
    ).toBe(200);
  });

  it('refuses class changes that would break members, saying why, and changes nothing', async () => {
    const put = (id: number, class_id: number | null) =>
      admin('PUT', `/api/admin/page/${id}`, { title: seeded(id).title, content: 'changed', class_id });
    const refusals: [number, number | null, RegExp][] = [
      [21, 5, /^Phase 1 of the calibration track keeps its class/],
      [22, 3, /^Phase 2 of the calibration track keeps its class/],
      [39, 6, /^Data analysis closes every version/],
      [36, 7, /^Data analysis closes every version/],
      [32, 2, /^Calibration max tests run only in the calibration track/],
      [
        32,
        null,
        /^Members stand on the phases of its version by number: removing this page's class would renumber them\.$/,
      ],
      [11, 3, /^Only the pages of the calibration and general tracks are phases/],
      [1, 1, /^Only the pages of the calibration and general tracks are phases/],
    ];
    for (const [id, classId, why] of refusals) {
      const res = await put(id, classId);
      expect(res.status, `page ${id} → class ${classId}`).toBe(422);
      expect(res.body.errors.class_id[0]).toMatch(why);
      expect((await pageRow(id)).content).not.toBe('changed');
    }
    // Sending the class it already has is no change.
    expect((await put(39, 7)).status).toBe(200);
    expect(
      (await admin('PUT', '/api/admin/page/39', { title: 'Data analysis', content: seeded(39).content })).status,
    ).toBe(200);
  });

  it('takes a video link only as an http(s) address or a bare video id: 422 otherwise, on REST and tRPC', async () => {
    const body = { title: seeded(13).title, content: seeded(13).content };
    const before = (await pageRow(13)).videoLink;
    for (const link of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      '//evil.example/v',
      'a b',
    ]) {
      const res = await admin('PUT', '/api/admin/page/13', { ...body, video_link: link });
      expect([link, res.status]).toEqual([link, 422]);
      expect(res.body.errors).toEqual({ video_link: [VIDEO_LINK_MESSAGE] });
      const viaTrpc = await trpc(
        ctx.app,
        'mutation',
        'admin.pages.update',
        { id: 13, ...body, video_link: link },
        adminToken,
      );
      expect([link, viaTrpc.status]).toEqual([link, 422]);
      expect(viaTrpc.error.data.errors).toEqual({ video_link: [VIDEO_LINK_MESSAGE] });
    }
    const created = await admin('POST', '/api/admin/page', {
      ...body,
      page_category_id: 4,
      video_link: 'javascript:x',
    });
    expect(created.status).toBe(422);
    expect((await pageRow(13)).videoLink).toBe(before);
    for (const link of [
      'https://player.vimeo.com/video/76979871',
      'http://video.example/a.mp4',
      '76979871',
      'dQw4w9WgXcQ',
    ]) {
      const res = await admin('PUT', '/api/admin/page/13', { ...body, video_link: ` ${link} ` });
      expect([link, res.body.data?.video_link]).toEqual([link, link]);
    }
    expect((await admin('PUT', '/api/admin/page/13', { ...body, video_link: '  ' })).body.data.video_link).toBeNull();
  });

  it('is admin.pages.update on tRPC, with the same 422', async () => {
    const ok = await trpc(
      ctx.app,
      'mutation',
      'admin.pages.update',
      { id: 14, title: 'Hinge: the guide', content: seeded(14).content },
      adminToken,
    );
    expect(ok.status).toBe(200);
    expect(ok.data.data.title).toBe('Hinge: the guide');
    const bad = await trpc(ctx.app, 'mutation', 'admin.pages.update', { id: 14, title: '', content: 'x' }, adminToken);
    expect(bad.status).toBe(422);
    expect(bad.error.data.errors).toEqual({ title: [ADMIN_PAGE_MESSAGE.titleRequired] });
  });
});

describe('POST admin/page and DELETE admin/page/{id}: technique guides only', () => {
  it('adds a technique guide after the others, with its picture and video, and the member reads it', async () => {
    const res = await admin('POST', '/api/admin/page', {
      page_category_id: '4',
      title: 'Grip: technique guide',
      content: '## Set-up\n- Thumbs around the bar',
      muscle_group_id: 2,
      image_id: media.pageImage,
      video_id: media.pageVideo,
      video_link: null,
    });
    expect(res.status).toBe(201);
    expect(adminPageSchema.strict().parse(res.body.data)).toMatchObject({
      page_category_id: 4,
      class_id: null,
      muscle_group_id: 2,
      image_id: media.pageImage,
      video_id: media.pageVideo,
      deletable: true,
      track: null,
    });
    const list = await admin('GET', '/api/admin/page/category/4/pages');
    expect(list.body.data.at(-1).id).toBe(res.body.data.id);
    const member = await rest(ctx.app, 'GET', '/api/user/page/category/4/pages', { token: memberToken });
    expect(member.body.data.map((p: { title: string }) => p.title)).toContain('Grip: technique guide');

    const gone = await admin('DELETE', `/api/admin/page/${res.body.data.id}`);
    expect(gone).toMatchObject({ status: 200, body: { message: 'Page deleted.' } });
    expect((await admin('GET', `/api/admin/page/${res.body.data.id}`)).status).toBe(404);
    expect((await rest(ctx.app, 'GET', `/api/user/page/${res.body.data.id}`, { token: memberToken })).status).toBe(404);
  });

  it('refuses adding anywhere but category 4, with a class, or without title and content; nothing is written', async () => {
    const count = () => ctx.app.orm.em.fork().count(Page, {});
    const before = await count();
    const post = (body: Record<string, unknown>) =>
      admin('POST', '/api/admin/page', { title: 'New', content: 'Text', ...body });
    expect((await post({ page_category_id: 1 })).body.errors).toEqual({
      page_category_id: [ADMIN_PAGE_MESSAGE.addOnlyTechniqueGuides],
    });
    expect((await post({ page_category_id: 6, class_id: 5 })).body.errors).toEqual({
      page_category_id: [ADMIN_PAGE_MESSAGE.addOnlyTechniqueGuides],
      class_id: ['Only the pages of the calibration and general tracks are phases: this page cannot have a class.'],
    });
    expect((await post({ page_category_id: 999 })).body.errors).toEqual({
      page_category_id: [ADMIN_PAGE_MESSAGE.categoryInvalid],
    });
    expect((await post({})).body.errors).toEqual({ page_category_id: ['Choose a page category.'] });
    const blank = await admin('POST', '/api/admin/page', { page_category_id: 4 });
    expect(blank).toMatchObject({
      status: 422,
      body: { errors: { title: [ADMIN_PAGE_MESSAGE.titleRequired], content: [ADMIN_PAGE_MESSAGE.contentRequired] } },
    });
    expect((await post({ page_category_id: 4, video_id: media.photo })).body.errors).toEqual({
      video_id: ['The video could not be found: upload it again.'],
    });
    expect(await count()).toBe(before);
  });

  it('refuses deleting a page outside category 4 (403, the page stays) and answers 404 for an unknown one', async () => {
    for (const id of [1, 21, 39]) {
      expect(await admin('DELETE', `/api/admin/page/${id}`)).toMatchObject({
        status: 403,
        body: { message: ADMIN_PAGE_MESSAGE.deleteOnlyTechniqueGuides },
      });
      expect(await pageRow(id)).toBeTruthy();
    }
    expect(await admin('DELETE', '/api/admin/page/99999')).toMatchObject({
      status: 404,
      body: { message: ADMIN_PAGE_MESSAGE.pageNotFound },
    });
  });

  it('creates and deletes on tRPC too', async () => {
    const made = await trpc(
      ctx.app,
      'mutation',
      'admin.pages.create',
      { page_category_id: 4, title: 'Rings: technique guide', content: 'Straps short.' },
      adminToken,
    );
    expect(made.status).toBe(200);
    expect((await trpc(ctx.app, 'mutation', 'admin.pages.delete', { id: 2 }, adminToken)).status).toBe(403);
    expect((await trpc(ctx.app, 'mutation', 'admin.pages.delete', { id: made.data.data.id }, adminToken)).data).toEqual(
      { message: 'Page deleted.' },
    );
  });
});

describe('the page calls in the OpenAPI description', () => {
  it('documents every path and method', async () => {
    const spec = (await rest(ctx.app, 'GET', '/api/openapi.json')).body;
    expect(Object.keys(spec.paths['/admin/page/category'])).toContain('get');
    expect(Object.keys(spec.paths['/admin/page/category/{id}/pages'])).toContain('get');
    expect(Object.keys(spec.paths['/admin/page/{id}']).sort()).toEqual(
      expect.arrayContaining(['delete', 'get', 'put']),
    );
    expect(Object.keys(spec.paths['/admin/page'])).toContain('post');
    expect(Object.keys(spec.paths['/admin/phase_class'])).toContain('get');
  });
});

describe('seeded pages rewritten as Markdown', () => {
  // The Recovery phase's text as it was seeded before page texts became Markdown.
  const PLAIN_RECOVERY =
    'Recovery is training: this is where the work of the last phases turns into strength.\n\nToday\n- 20 to 30 minutes of easy movement: a walk, an easy bike or a swim at a pace where you can hold a conversation.\n- 5 minutes of slow nasal breathing lying on your back: four seconds in, six seconds out.\n- Foam roll or massage anything that feels tight: 60 seconds per area, easy pressure.\n\nEvery day\n- Sleep 7 to 9 hours; keep the room dark and cool.\n- Drink water through the day: pale yellow urine is the target.\n- Eat protein with every meal.\n\nPress Done when you have finished.';

  it('upgrades an untouched old seed text at start, keeps an admin edit, and does nothing the second time', async () => {
    const em = ctx.app.orm.em.fork();
    await em.nativeUpdate(Page, { id: 46 }, { content: PLAIN_RECOVERY });
    await em.nativeUpdate(Page, { id: 56 }, { content: 'A coach wrote this.' });
    expect(await upgradeSeededPageTexts(ctx.app.orm.em.fork())).toBe(1);
    expect((await pageRow(46)).content).toBe(seeded(46).content);
    expect(seeded(46).content).toContain('## Today\n- 20 to 30 minutes');
    expect((await pageRow(56)).content).toBe('A coach wrote this.');
    expect(await upgradeSeededPageTexts(ctx.app.orm.em.fork())).toBe(0);
  });

  it('leaves a fresh database as seeded', async () => {
    expect((await pageRow(11)).content).toBe(seeded(11).content);
    expect(seeded(11).content).toContain('\n\n## Set-up\n');
  });
});

// Kept last: a member's evolution is untouched by everything above.
it('never moved a member', async () => {
  const evo = await ctx.app.orm.em.fork().findOneOrFail(Evolution, { user: memberId });
  expect([evo.version, evo.phase]).toEqual([1, 1]);
});
