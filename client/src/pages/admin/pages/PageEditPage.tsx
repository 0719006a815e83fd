import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { TECHNIQUE_GUIDE_CATEGORY, TOAST_MS } from '@evolution/shared/constants';
import { ADMIN_PAGE_MESSAGE, adminPageInput, type AdminPage, type MediaRef } from '@evolution/shared';
import { fieldErrors } from '../../../api/errors.ts';
import { trpc } from '../../../api/trpc.ts';
import { PageContent } from '../../../components/PageContent.tsx';
import { MediaUploadField } from '../../../components/admin/MediaUploadField.tsx';
import { TextAreaField, TextField } from '../../../components/ui/Field.tsx';
import { toast } from '../../../components/ui/notifier.ts';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { schemaErrors, useForm } from '../../../forms/useForm.ts';
import type { PageProps } from '../../../router/routeTypes.ts';
import { useQueryParams } from '../../../router/useQueryParams.ts';
import { AdminScreen } from '../common/AdminScreen.tsx';
import { FormActions } from '../common/FormActions.tsx';
import { LookupSelectField, MuscleGroupField } from '../common/LookupFields.tsx';
import { readIdParam } from '../common/listQuery.ts';
import { PAGE_MANAGEMENT, pageListHref } from './pageAdmin.ts';
import './pages.css';

const FIELDS = ['title', 'class_id', 'muscle_group_id', 'video_link', 'content'] as const;
type Field = (typeof FIELDS)[number];

const text = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** The fields' rules: the server's own parser, read field by field. */
const validate = (values: Record<Field, string>) => schemaErrors(adminPageInput, values, FIELDS);

/** Why the class select is fixed, or null when an admin may change it (the server still checks the change). */
function classLock(page: AdminPage | undefined): string | null {
  if (!page || page.track === null) return 'Only the phases of the calibration and general tracks have a class.';
  if (page.track === 'calibration')
    return 'The calibration track keeps its phases: the VO2 max test, the calibration max tests and the data analysis.';
  return null;
}

/**
 * /admin/page/add?page_category_id=4 and /admin/page/{id}/edit: a page's title, class, muscle group, picture, video
 * and Markdown content, with a live preview rendered as members will read it. Pages are added only to the technique
 * guides (category 4).
 */
export default function PageEditPage({ params, route }: PageProps) {
  const id = params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  const editing = params.id !== undefined;
  const categoryId = readIdParam(useQueryParams().get('page_category_id'));
  const page = trpc.admin.pages.get.useQuery({ id: id ?? 0 }, { enabled: id !== null, staleTime: 0 });
  const backCategory = page.data?.data.page_category_id ?? categoryId;
  const back = { href: backCategory ? pageListHref(backCategory) : PAGE_MANAGEMENT, label: 'Content Pages' };

  return (
    <AdminScreen title={route.title} back={back} className="page-edit">
      {editing && id === null && <p className="empty">Data could not be found.</p>}
      {id !== null && <QueryState query={page} loading="Loading the page" />}
      {!editing && categoryId !== TECHNIQUE_GUIDE_CATEGORY && (
        <div className="notice">
          <p>{ADMIN_PAGE_MESSAGE.addOnlyTechniqueGuides}</p>
          <Link href={pageListHref(TECHNIQUE_GUIDE_CATEGORY)} className="link">
            Open the technique guides
          </Link>
        </div>
      )}
      {(editing ? page.data : categoryId === TECHNIQUE_GUIDE_CATEGORY) && (
        <PageForm key={page.data?.data.id ?? 'new'} page={page.data?.data} />
      )}
    </AdminScreen>
  );
}

function PageForm({ page }: { page: AdminPage | undefined }) {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const classes = trpc.admin.pages.phaseClasses.useQuery(undefined, { staleTime: 5 * 60_000 });
  const create = trpc.admin.pages.create.useMutation();
  const update = trpc.admin.pages.update.useMutation();
  const saving = create.isPending || update.isPending;

  const form = useForm<Field>(
    {
      title: page?.title ?? '',
      class_id: text(page?.class_id),
      muscle_group_id: text(page?.muscle_group_id),
      video_link: page?.video_link ?? '',
      content: page?.content ?? '',
    },
    validate,
    FIELDS,
  );
  const [image, setImage] = useState<MediaRef | null>(
    page?.image_id ? { id: page.image_id, path: page.image_path } : null,
  );
  const [video, setVideo] = useState<MediaRef | null>(
    page?.video_id ? { id: page.video_id, path: page.video_path } : null,
  );
  const [mediaErrors, setMediaErrors] = useState<{ image_id?: string | undefined; video_id?: string | undefined }>({});
  // Typing stays quick on a long page: the preview follows a beat behind.
  const preview = useDeferredValue(form.values.content);
  const previewId = useId();
  const lock = classLock(page);

  const body = () => ({
    title: form.values.title,
    content: form.values.content,
    muscle_group_id: form.values.muscle_group_id || null,
    image_id: image?.id ?? null,
    video_id: video?.id ?? null,
    video_link: form.values.video_link || null,
    // A fixed class is not sent: the page keeps it.
    ...(lock ? {} : { class_id: form.values.class_id || null }),
  });

  const saved = (data: AdminPage) => {
    toast.success(page ? `${data.title} was saved.` : `${data.title} was added.`, TOAST_MS.apiError);
    void utils.admin.pages.list.invalidate();
    utils.admin.pages.get.setData({ id: data.id }, { data });
    navigate(pageListHref(data.page_category_id));
  };

  const refused = (error: unknown) => {
    // The danger toast of every 422 comes from the query client; the messages also go under their fields.
    const byField = fieldErrors(error);
    form.setServerErrors(Object.fromEntries(FIELDS.filter((f) => byField[f]).map((f) => [f, byField[f]])));
    setMediaErrors({ image_id: byField.image_id, video_id: byField.video_id });
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    if (!form.attempt(e)) return;
    setMediaErrors({});
    if (page) update.mutate({ id: page.id, ...body() }, { onSuccess: (r) => saved(r.data), onError: refused });
    else
      create.mutate(
        { page_category_id: TECHNIQUE_GUIDE_CATEGORY, ...body() },
        { onSuccess: (r) => saved(r.data), onError: refused },
      );
  };

  return (
    <form className="page-edit__form" onSubmit={submit} noValidate>
      {page?.track && (
        <p className="muted page-edit__place">
          Phase {page.phase} of {page.track === 'calibration' ? 'the calibration track' : 'a general version'}.
        </p>
      )}
      <div className="panel page-edit__fields">
        <TextField label="Title" {...form.bind('title')} maxLength={255} required />
        <div className="page-edit__row columns">
          <LookupSelectField
            label="Class"
            {...form.bind('class_id')}
            disabled={lock !== null}
            hint={lock ?? 'What the phase runner runs on this page.'}
            lookup={classes}
            none="None"
          />
          <MuscleGroupField label="Muscle group (optional)" none="None" {...form.bind('muscle_group_id')} />
        </div>
        <div className="page-edit__row columns">
          <MediaUploadField
            kind="page_image"
            label="Image"
            value={image}
            onChange={(v) => {
              setImage(v);
              setMediaErrors((m) => ({ ...m, image_id: undefined }));
            }}
            error={mediaErrors.image_id}
          />
          <MediaUploadField
            kind="page_video"
            label="Video"
            value={video}
            onChange={(v) => {
              setVideo(v);
              setMediaErrors((m) => ({ ...m, video_id: undefined }));
            }}
            error={mediaErrors.video_id}
          />
        </div>
        <TextField
          label="Video link"
          {...form.bind('video_link')}
          maxLength={255}
          hint="A video host id or address, played when no video is uploaded."
        />
      </div>

      <div className="page-edit__content columns">
        <TextAreaField
          label="Content"
          {...form.bind('content')}
          rows={20}
          required
          className="page-edit__source"
          hint="Markdown: ## for a section heading, - for a bullet, 1. for a step, **bold**, [words](https://address). HTML is shown as text."
        />
        <div className="page-edit__preview">
          <h2 id={previewId} className="page-edit__preview-title">
            Preview
          </h2>
          {/* A scrolling region: focusable so a keyboard can scroll a long preview. */}
          <section className="panel page-edit__preview-body" aria-labelledby={previewId} tabIndex={0}>
            {preview.trim() ? (
              <PageContent text={preview} />
            ) : (
              <p className="muted">The content shows here as members will read it.</p>
            )}
          </section>
        </div>
      </div>

      <FormActions
        submit="SAVE"
        busy={saving}
        cancelHref={pageListHref(page?.page_category_id ?? TECHNIQUE_GUIDE_CATEGORY)}
        cancelLabel="CANCEL"
        className="page-edit__actions"
      />
    </form>
  );
}
