import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { PhaseData, TrackType } from '@evolution/shared';
import { PHOTO_MAX_BYTES, TOAST_MS } from '@evolution/shared/constants';
import { WARRIOR_MESSAGE } from '@evolution/shared/constants';
import { readFailure } from '../../../api/errors.ts';
import { trpc } from '../../../api/trpc.ts';
import type { QueuedPhoto } from '../../../offline/queue.ts';
import { notify } from '../../../components/ui/notifier.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { TextField } from '../../../components/ui/Field.tsx';
import { readRunnerCache, saveRunnerCache } from './phaseRunner.ts';
import {
  EMPTY_DRAFT,
  IMAGE_SLOTS,
  MEASUREMENTS,
  dataAnalysisErrors,
  dataAnalysisPayload,
  restoreDraft,
  type DataAnalysisDraft,
  type ImageField,
  type MeasurementField,
} from './dataAnalysis.ts';
import { usePhaseSubmit } from './usePhaseSubmit.ts';
import type { CacheIdentity } from './useRunner.ts';

/**
 * One progress photo: the app's own picker (choose from the library, or on a phone take one with the camera), a
 * preview of the chosen photo, and the upload at once; a failed upload clears the field. The file inputs stay hidden:
 * the buttons open them, so the keyboard and screen readers meet two plain buttons in a group named after the photo.
 */
function PhotoField({
  slot,
  image,
  preview,
  uploading,
  error,
  onFile,
}: {
  slot: (typeof IMAGE_SLOTS)[number];
  image: DataAnalysisDraft['images'][ImageField];
  preview: string | undefined;
  uploading: boolean;
  error: string | undefined;
  onFile: (file: File | null, input: HTMLInputElement) => void;
}) {
  const id = `photo-${slot.field}`;
  const library = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const status = uploading
    ? 'Uploading…'
    : image?.id === 0
      ? 'Saved on this phone'
      : image && !preview
        ? 'Uploaded'
        : '';
  const change = (e: ChangeEvent<HTMLInputElement>) => onFile(e.target.files?.[0] ?? null, e.target);
  return (
    <div
      className={`field photo-field${error ? ' field--invalid' : ''}`}
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <div className="photo-field__frame">
        {preview ? (
          <img
            className="photo-field__preview"
            src={preview}
            alt={`${slot.label} (${slot.hint.toLowerCase()}) preview`}
          />
        ) : (
          <span className="photo-field__hint">{slot.hint}</span>
        )}
        <span className="photo-field__status" aria-live="polite">
          {status}
        </span>
      </div>
      <span id={`${id}-label`} className="field__label photo-field__label">
        {slot.label}
      </span>
      <div className="photo-field__actions">
        {/* Named like the field: an empty submit focuses the first missing photo's button. */}
        <Button
          variant="secondary"
          size="sm"
          name={slot.field}
          disabled={uploading}
          aria-describedby={error ? `${id}-error` : undefined}
          onClick={() => library.current?.click()}
        >
          {image || preview ? 'Change photo' : 'Choose photo'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="photo-field__camera"
          disabled={uploading}
          onClick={() => camera.current?.click()}
        >
          Take photo
        </Button>
      </div>
      <input
        ref={library}
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/*"
        hidden
        tabIndex={-1}
        aria-label={`${slot.label} from your photos`}
        onChange={change}
      />
      {/* capture: a phone opens its camera straight away; a computer ignores it (and the button is not shown there). */}
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        tabIndex={-1}
        aria-label={`${slot.label} from the camera`}
        onChange={change}
      />
      {/* After a reload the file inputs are empty: name the photo already uploaded. */}
      {image && !uploading && !preview && <p className="field__hint photo-field__name">{image.name}</p>}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Data analysis: weight, waist, chest, bicep, quad and body fat ('X is required', 'X must be decimal') and three
 * photos ('Image N is required'), each uploaded as soon as it is chosen. The draft (values and uploaded photo ids)
 * is cached like the other phases' progress.
 */
export function DataAnalysisRunner({
  type,
  phase,
  identity,
}: {
  type: TrackType;
  phase: PhaseData;
  identity: CacheIdentity;
}) {
  const { submit, busy, sent } = usePhaseSubmit(type, phase);
  // No answer keeps the photo on the phone (below), so the app's 'nothing was sent' notice would be wrong here.
  const upload = trpc.warrior.uploadImage.useMutation({ meta: { offlineKept: true } });
  // Photos chosen with no network: sent with the submission from the queue (offline/queue.ts).
  const [onPhone, setOnPhone] = useState<Partial<Record<ImageField, File>>>({});
  const [draft, setDraft] = useState<DataAnalysisDraft>(
    () => restoreDraft(readRunnerCache(localStorage, identity)) ?? EMPTY_DRAFT,
  );
  const [attempted, setAttempted] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<MeasurementField, boolean>>>({});
  const [uploading, setUploading] = useState<Partial<Record<ImageField, boolean>>>({});
  const [previews, setPreviews] = useState<Partial<Record<ImageField, string>>>({});
  const errors = dataAnalysisErrors(draft);

  const { pageId, userId, signature } = identity;
  useEffect(() => {
    if (!sent) saveRunnerCache(localStorage, { pageId, userId, signature }, draft);
  }, [draft, sent, pageId, userId, signature]);

  // Object URLs of the previews are released when replaced and when the screen closes.
  const previewsRef = useRef(previews);
  previewsRef.current = previews;
  useEffect(() => () => Object.values(previewsRef.current).forEach((url) => url && URL.revokeObjectURL(url)), []);

  const setPreview = (field: ImageField, url: string | undefined) =>
    setPreviews((p) => {
      if (p[field]) URL.revokeObjectURL(p[field]);
      return { ...p, [field]: url };
    });

  const onFile = async (field: ImageField, file: File | null, input: HTMLInputElement) => {
    setDraft((d) => ({ ...d, images: { ...d.images, [field]: null } }));
    setPreview(field, undefined);
    setOnPhone((p) => ({ ...p, [field]: undefined }));
    if (!file) return;
    // Over the server's limit: say so at once rather than send megabytes to be refused.
    if (file.size > PHOTO_MAX_BYTES) {
      notify({ message: WARRIOR_MESSAGE.imageTooLarge, variant: 'danger', duration: TOAST_MS.apiError });
      input.value = '';
      return;
    }
    setUploading((u) => ({ ...u, [field]: true }));
    try {
      const form = new FormData();
      form.append('image', file);
      const { id } = (await upload.mutateAsync(form)).image;
      setDraft((d) => ({ ...d, images: { ...d.images, [field]: { id, name: file.name } } }));
      setPreview(field, URL.createObjectURL(file));
    } catch (error) {
      if (readFailure(error).status === null) {
        // No answer: the photo stays on the phone (id 0 until the queue uploads it) and the phase can still be finished.
        setOnPhone((p) => ({ ...p, [field]: file }));
        setDraft((d) => ({ ...d, images: { ...d.images, [field]: { id: 0, name: file.name } } }));
        setPreview(field, URL.createObjectURL(file));
      } else input.value = '';
    } finally {
      setUploading((u) => ({ ...u, [field]: false }));
    }
  };

  const anyUploading = Object.values(uploading).some(Boolean);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setAttempted(true);
    const first = [...MEASUREMENTS.map((m) => m.field), ...IMAGE_SLOTS.map((s) => s.field)].find((f) => errors[f]);
    if (first) {
      e.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if (anyUploading) return;
    const photos: Record<string, QueuedPhoto> = {};
    for (const slot of IMAGE_SLOTS) {
      const file = onPhone[slot.field];
      if (file && !draft.images[slot.field]?.id)
        photos[slot.field] = { blob: file, name: file.name, key: crypto.randomUUID() };
    }
    submit(dataAnalysisPayload(draft), undefined, Object.keys(photos).length ? photos : undefined);
  };

  return (
    <form className="panel data-analysis" onSubmit={onSubmit} noValidate aria-label="Data analysis">
      <fieldset className="form-section">
        <legend className="form-section__title">Measurements</legend>
        <div className="form-grid form-grid--three">
          {MEASUREMENTS.map((m) => (
            <TextField
              key={m.field}
              label={m.label}
              name={m.field}
              inputMode="decimal"
              autoComplete="off"
              value={draft.values[m.field]}
              error={attempted || touched[m.field] ? errors[m.field] : undefined}
              onChange={(e) => {
                const value = e.target.value;
                setDraft((d) => ({ ...d, values: { ...d.values, [m.field]: value } }));
              }}
              onBlur={() => setTouched((t) => ({ ...t, [m.field]: true }))}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend className="form-section__title">Progress photos</legend>
        <p className="muted">
          Front, side and back: same place, same light, same clothing. Only you and your coaches see them.
        </p>
        <div className="photo-grid">
          {IMAGE_SLOTS.map((slot) => (
            <PhotoField
              key={slot.field}
              slot={slot}
              image={draft.images[slot.field]}
              preview={previews[slot.field]}
              uploading={Boolean(uploading[slot.field])}
              error={attempted ? errors[slot.field] : undefined}
              onFile={(file, input) => void onFile(slot.field, file, input)}
            />
          ))}
        </div>
      </fieldset>
      <Button type="submit" className="runner-controls__main" busy={busy} disabled={sent || anyUploading}>
        Submit Data
      </Button>
    </form>
  );
}
