import type { FastifyInstance } from 'fastify';
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
  updatePage,
} from '../../../services/adminPages.ts';
import { paginate } from '../../../services/pagination.ts';
import { svc } from '../../auth.ts';
import { doc } from '../../openapi.ts';
import { pathParams } from '../../params.ts';

const tags = ['Admin: content pages'];
const pageMissing = ADMIN_PAGE_MESSAGE.pageNotFound;
const categoryMissing = ADMIN_PAGE_MESSAGE.categoryNotFound;

/**
 * Content pages (admin.md section 7), registered under /api/admin with role 2 checked by the parent.
 * POST admin/page/image and admin/page/video belong to the media routes.
 */
export async function adminPageRoutes(app: FastifyInstance) {
  const pageId = (params: unknown) => pathParams(adminPageIdInput, params, pageMissing).id;

  app.get(
    '/page/category',
    {
      schema: doc({
        summary:
          'The content tree: each page category with its children; can_add_pages is true only for category 4 (technique guides)',
        tags,
        who: 'admin',
        response: { 200: adminPageCategoryTreeSchema },
      }),
    },
    async (req) => pageCategoryTree(req.em),
  );

  app.get(
    '/page/category/:id/pages',
    {
      schema: doc({
        summary: "A category's pages in their order (a track's pages in phase order), 10 a page, searched by title",
        tags,
        who: 'admin',
        params: adminPageCategoryIdInput,
        query: adminCategoryPagesQuery,
        response: { 200: paginatedSchema(adminPageSchema), 404: categoryMissing },
      }),
    },
    async (req) => {
      const { id } = pathParams(adminPageCategoryIdInput, req.params, categoryMissing);
      const { search, ...page } = await listAdminPages(svc(req, req.actor), id, req.query);
      return paginate(page, `${req.server.config.appUrl}/api/admin/page/category/${id}/pages`, { search });
    },
  );

  app.post(
    '/page',
    {
      schema: doc({
        summary:
          'Add a technique guide: page_category_id must be 4 (any other category is refused with 422); content is Markdown; image_id and video_id come from POST admin/page/image and admin/page/video',
        tags,
        who: 'admin',
        body: adminPageCreateInput,
        response: { 201: adminPageAnswerSchema },
      }),
    },
    async (req, reply) => reply.status(201).send(await createPage(svc(req, req.actor), req.body)),
  );

  app.get(
    '/page/:id',
    {
      schema: doc({
        summary:
          'A page with its Markdown, class, muscle group, picture and video (signed addresses) and its place in the programme',
        tags,
        who: 'admin',
        params: adminPageIdInput,
        response: { 200: adminPageAnswerSchema, 404: pageMissing },
      }),
    },
    async (req) => getAdminPage(svc(req, req.actor), pageId(req.params)),
  );

  app.put(
    '/page/:id',
    {
      schema: doc({
        summary:
          'Edit a page: title and content required; class, muscle group, image_id, video_id and video_link left out keep their value and null clears them; the category cannot change. A class change the phase runner cannot run is refused with 422 on class_id (the calibration track is fixed; a version keeps its phase count and its data analysis; pages outside the tracks have no class)',
        tags,
        who: 'admin',
        params: adminPageIdInput,
        body: adminPageInput,
        response: { 200: adminPageAnswerSchema, 404: pageMissing },
      }),
    },
    async (req) => updatePage(svc(req, req.actor), pageId(req.params), req.body),
  );

  app.delete(
    '/page/:id',
    {
      schema: doc({
        summary: 'Delete a technique guide (category 4); any other page is refused with 403 and stays',
        tags,
        who: 'admin',
        params: adminPageIdInput,
        response: { 200: adminPageDeletedSchema, 404: pageMissing },
      }),
    },
    async (req) => deletePage(svc(req, req.actor), pageId(req.params)),
  );

  app.get(
    '/phase_class',
    {
      schema: doc({
        summary: 'The phase classes a page of a track can have (id, name, key, preset)',
        tags,
        who: 'admin',
        response: { 200: phaseClassListSchema },
      }),
    },
    async (req) => listPhaseClasses(req.em),
  );
}
