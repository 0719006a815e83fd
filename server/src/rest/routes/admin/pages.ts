import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_PAGE_MESSAGE,
  adminCategoryPagesQuery,
  adminPageAnswerSchema,
  adminPageCategoryIdInput,
  adminPageCategoryTreeSchema,
  adminPageCreateInput,
  adminPageDeletedSchema,
  adminPageIdInput,
  adminPageInput,
  adminPageSchema,
  paginatedSchema,
  phaseClassListSchema,
} from '@evolution/shared';
import {
  createPage,
  deletePage,
  getAdminPage,
  listAdminPages,
  listPhaseClasses,
  pageCategoryTree,
  pageExists,
  updatePage,
} from '../../../services/adminPages.ts';
import { dataAnswer } from '../../../http/answers.ts';
import { routePage } from '../../paging.ts';
import { adminResourceRoutes } from '../../resource.ts';
import { route, signedInContext } from '../../route.ts';

const tags = ['Admin: content pages'];
const pageMissing = ADMIN_PAGE_MESSAGE.pageNotFound;
const categoryMissing = ADMIN_PAGE_MESSAGE.categoryNotFound;
// The path's page: an id that names none is a 404 with its message.
const contentPage = { params: adminPageIdInput, notFound: pageMissing };

/**
 * Content pages (docs/spec/admin.md §7), registered under /api/admin with role 2 checked by the parent.
 * POST admin/page/image and admin/page/video belong to the media routes.
 */
export const adminPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/page/category',
    route({
      summary:
        'The content tree: each page category with its children; can_add_pages is true only for category 4 (technique guides)',
      tags,
      who: 'admin',
      response: { 200: adminPageCategoryTreeSchema },
    }),
    async (req) => dataAnswer(await pageCategoryTree(signedInContext(req))),
  );

  app.get(
    '/page/category/:id/pages',
    route({
      summary: "A category's pages in their order (a track's pages in phase order), 10 a page, searched by title",
      tags,
      who: 'admin',
      params: adminPageCategoryIdInput,
      notFound: categoryMissing,
      query: adminCategoryPagesQuery,
      response: { 200: paginatedSchema(adminPageSchema), 404: categoryMissing },
    }),
    async (req) => {
      const { search, ...page } = await listAdminPages(signedInContext(req), {
        ...req.query,
        categoryId: req.params.id,
      });
      return routePage(req, page, { search });
    },
  );

  adminResourceRoutes(app, '/page', {
    tags,
    ...contentPage,
    create: {
      summary:
        'Add a technique guide: page_category_id must be 4 (any other category is refused with 422); content is Markdown; image_id and video_id come from POST admin/page/image and admin/page/video',
      body: adminPageCreateInput,
      answer: adminPageAnswerSchema,
      service: createPage,
    },
    show: {
      summary:
        'A page with its Markdown, class, muscle group, picture and video (signed addresses) and its place in the programme',
      answer: adminPageAnswerSchema,
      service: getAdminPage,
    },
    edit: {
      method: 'put',
      summary:
        'Edit a page: title and content required; class, muscle group, image_id, video_id and video_link left out keep their value and null clears them; the category cannot change. A class change the phase runner cannot run is refused with 422 on class_id (the calibration track is fixed; a version keeps its phase count and its data analysis; pages outside the tracks have no class)',
      bind: pageExists,
      body: adminPageInput,
      answer: adminPageAnswerSchema,
      service: updatePage,
    },
    remove: {
      summary: 'Delete a technique guide (category 4); any other page is refused with 403 and stays',
      answer: adminPageDeletedSchema,
      service: deletePage,
    },
  });

  app.get(
    '/phase_class',
    route({
      summary: 'The phase classes a page of a track can have (id, name, key, preset)',
      tags,
      who: 'admin',
      response: { 200: phaseClassListSchema },
    }),
    async (req) => dataAnswer(await listPhaseClasses(signedInContext(req))),
  );
};
