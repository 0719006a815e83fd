import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FORM_LADDER_MESSAGE,
  adminFormAnswerSchema,
  adminFormBodyInput,
  adminFormCreateInput,
  adminFormDeletedSchema,
  adminFormGroupAnswerSchema,
  adminFormGroupDeletedSchema,
  adminFormGroupIdInput,
  adminFormGroupInput,
  adminFormGroupListInput,
  adminFormGroupSchema,
  adminFormIdInput,
  adminFormSchema,
  pageInput,
  paginatedSchema,
} from '@evolution/shared';
import {
  createForm,
  createFormGroup,
  deleteForm,
  deleteFormGroup,
  formExists,
  formGroupExists,
  getForm,
  getFormGroup,
  listFormGroups,
  listForms,
  updateForm,
  updateFormGroup,
} from '../../../services/adminForms.ts';
import { routePage } from '../../paging.ts';
import { adminResourceRoutes } from '../../resource.ts';
import { route, signedInContext } from '../../route.ts';

const tags = ['Admin: form groups and forms'];
const groupMissing = FORM_LADDER_MESSAGE.groupNotFound;
const formMissing = FORM_LADDER_MESSAGE.formNotFound;
// The path's form group or form: an id that names none is a 404 with its message.
const group = { params: adminFormGroupIdInput, notFound: groupMissing };
const form = { params: adminFormIdInput, notFound: formMissing };

/**
 * Form groups and their forms (docs/spec/admin.md §7), registered under /api/admin with role 2 checked by the parent.
 * GET admin/form_group/all belongs to the calibration routes; POST admin/form_group/video to the media routes.
 */
export const adminFormGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  adminResourceRoutes(app, '/form_group', {
    tags,
    ...group,
    list: {
      summary: 'Form groups by id, 10 a page, searched by name; deletable says whether DELETE is allowed',
      query: adminFormGroupListInput,
      answer: paginatedSchema(adminFormGroupSchema),
      links: ({ search }) => ({ search }),
      service: listFormGroups,
    },
    create: {
      summary: 'Create a form group (an empty ladder); video_id from POST admin/form_group/video',
      body: adminFormGroupInput,
      answer: adminFormGroupAnswerSchema,
      service: createFormGroup,
    },
    show: {
      summary: 'A form group with its video address and deletable',
      answer: adminFormGroupAnswerSchema,
      service: getFormGroup,
    },
    edit: {
      method: 'put',
      summary: 'Replace a form group: name, exercise type, video (null clears it) and video link',
      bind: formGroupExists,
      body: adminFormGroupInput,
      answer: adminFormGroupAnswerSchema,
      service: updateFormGroup,
    },
    remove: {
      summary:
        "Delete a form group and its forms. Refused with 409 (nothing changes) while it is not deletable: its forms are in members' ladders, workout or calibration results, or a calibration uses the group",
      answer: adminFormGroupDeletedSchema,
      conflict: FORM_LADDER_MESSAGE.groupInUse,
      service: deleteFormGroup,
    },
  });

  app.get(
    '/form_group/:id/form',
    route({
      summary: "A form group's ladder ordered by level then progress, 10 a page, with the members on each form",
      tags,
      who: 'admin',
      ...group,
      query: pageInput,
      response: { 200: paginatedSchema(adminFormSchema), 404: groupMissing },
    }),
    async (req) => routePage(req, await listForms(signedInContext(req), { ...req.params, ...req.query })),
  );

  adminResourceRoutes(app, '/form', {
    tags,
    ...form,
    create: {
      summary: 'Create a form on the ladder of form_group_id; (level, progress) is unique in a group and min <= max',
      body: adminFormCreateInput,
      answer: adminFormAnswerSchema,
      service: createForm,
    },
    show: {
      summary: 'A form with its place on the ladder (rung) and the members standing on it',
      answer: adminFormAnswerSchema,
      service: getForm,
    },
    edit: {
      method: 'put',
      summary: 'Replace a form; members on it stay on it; form_group_id may be sent but cannot change',
      bind: formExists,
      body: adminFormBodyInput,
      answer: adminFormAnswerSchema,
      service: updateForm,
    },
    remove: {
      summary:
        'Delete a form. Members standing on it move, in the same transaction, to the nearest remaining form of its group (the one below, else the one above); the last form of a group cannot be deleted while members are on it (409). Workout results keep the form by name',
      answer: adminFormDeletedSchema,
      conflict: FORM_LADDER_MESSAGE.lastFormInUse,
      service: deleteForm,
    },
  });
};
