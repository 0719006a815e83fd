import { useEffect, useId, useRef, useState } from 'react';
import { ERROR_TEXT } from '@evolution/shared/constants';
import {
  MEDIA_ACCEPT,
  MEDIA_MAX_BYTES,
  MEDIA_MESSAGE,
  adminMediaPath,
  mediaField,
  type AdminMediaKind,
  type MediaRef,
} from '@evolution/shared';
import { apiErrorNotice } from '../../api/errors.ts';
import { storedToken } from '../../auth/session.ts';
import { endSessionRefusing } from '../../auth/sessionEnd.ts';
import { Button } from '../ui/Button.tsx';
import { notify, type Notice } from '../ui/notifier.ts';
import { uploadStarted } from './uploadsInFlight.ts';
import './MediaUploadField.css';

export interface MediaUploadFieldProps {
  kind: AdminMediaKind;
  label: string;
  value: MediaRef | null;
  onChange: (value: MediaRef | null) => void;
  /** The form's message for this field (e.g. the record's 422 on image_id); the upload's own 422 wins while shown. */
  error?: string | undefined;
}

/** What an upload answered: the stored file, or the message to show under the field. */
type UploadOutcome = { ok: true; media: MediaRef } | { ok: false; message: string; notice: Notice | null };

/** The error catalogue's notice of a failed upload (docs/spec/admin.md §8), as every other call shows it. */
function catalogueNotice(status: number, body: unknown): Notice | null {
  const b = (body && typeof body === 'object' ? body : {}) as { message?: unknown; errors?: unknown };
  return apiErrorNotice({
    message: typeof b.message === 'string' ? b.message : '',
    data: { httpStatus: status, errors: b.errors },
  });
}

/** The message of a failed upload: the 422's field message, else the catalogue's text for the status. */
function failureMessage(status: number, body: unknown, field: 'image' | 'video'): string {
  const b = (body && typeof body === 'object' ? body : {}) as { message?: unknown; errors?: Record<string, unknown> };
  if (status === 422 || status === 413) {
    const list = b.errors?.[field] ?? Object.values(b.errors ?? {})[0];
    const first = Array.isArray(list) ? list[0] : list;
    if (typeof first === 'string') return first;
    if (typeof b.message === 'string' && b.message) return b.message;
    return field === 'image' ? MEDIA_MESSAGE.imageTooLarge : MEDIA_MESSAGE.videoTooLarge;
  }
  if (status in ERROR_TEXT) return ERROR_TEXT[status as keyof typeof ERROR_TEXT];
  if (status === 0) return 'The upload failed: check the connection and try again.';
  return typeof b.message === 'string' && b.message ? b.message : ERROR_TEXT[500];
}

/**
 * Sends one file to its admin upload route with the bearer token; XMLHttpRequest rather than fetch because it reports
 * upload progress, which matters for a 200 MB video.
 */
function upload(
  kind: AdminMediaKind,
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<UploadOutcome> {
  const field = mediaField(kind);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/${adminMediaPath(kind)}`);
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept', 'application/json');
    const token = storedToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as Record<string, unknown> | null;
      const media = body?.[field] as MediaRef | undefined;
      if (xhr.status === 201 && media && typeof media.id === 'number')
        resolve({ ok: true, media: { id: media.id, path: media.path ?? null } });
      else
        resolve({
          ok: false,
          message: failureMessage(xhr.status, body, field),
          // A token that ended sends the admin to log in again, as the API clients' calls do.
          notice: xhr.status === 401 && endSessionRefusing(token, notify) ? null : catalogueNotice(xhr.status, body),
        });
    };
    xhr.onerror = () => resolve({ ok: false, message: failureMessage(0, null, field), notice: null });
    signal.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append(field, file, file.name);
    xhr.send(form);
  });
}

/**
 * A labelled file input that uploads the chosen image or video at once to its admin route, shows the progress, a
 * preview of what is stored (from its signed `path`) and a Remove button; the server's 422 message shows under it.
 */
export function MediaUploadField({ kind, label, value, onChange, error }: MediaUploadFieldProps) {
  const id = useId();
  const field = mediaField(kind);
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const message = uploadError ?? error;
  const busy = progress !== null;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;

  async function choose(file: File | undefined) {
    if (!file) return;
    setUploadError(null);
    // The server refuses it too; saying so before sending spares a long upload that cannot succeed.
    if (file.size > MEDIA_MAX_BYTES[field]) {
      setUploadError(field === 'image' ? MEDIA_MESSAGE.imageTooLarge : MEDIA_MESSAGE.videoTooLarge);
      if (input.current) input.current.value = '';
      return;
    }
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setProgress(0);
    const ended = uploadStarted();
    abort.signal.addEventListener('abort', ended);
    const outcome = await upload(kind, file, setProgress, abort.signal).finally(ended);
    if (abort.signal.aborted) return;
    setProgress(null);
    if (input.current) input.current.value = '';
    if (outcome.ok) {
      onChange(outcome.media);
      notify({ message: `The ${field} was uploaded.`, variant: 'success' });
    } else {
      setUploadError(outcome.message);
      if (outcome.notice) notify(outcome.notice);
    }
  }

  function remove() {
    setUploadError(null);
    onChange(null);
  }

  return (
    <div className={`field media-upload${message ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {value && (
        <div className="media-upload__preview">
          {value.path ? (
            field === 'image' ? (
              <img className="media-upload__image" src={value.path} alt={`${label}: current file`} />
            ) : (
              // eslint-disable-next-line jsx-a11y/media-has-caption -- coach videos come without caption tracks
              <video
                className="media-upload__video"
                src={value.path}
                controls
                playsInline
                preload="metadata"
                aria-label={`${label}: current file`}
              />
            )
          ) : (
            <p className="media-upload__stored">File #{value.id} is stored.</p>
          )}
          <Button
            variant="secondary"
            size="sm"
            onClick={remove}
            disabled={busy}
            aria-label={`Remove ${label.toLowerCase()}`}
          >
            Remove
          </Button>
        </div>
      )}
      <input
        ref={input}
        id={id}
        className="field__input media-upload__input"
        type="file"
        accept={MEDIA_ACCEPT[field]}
        disabled={busy}
        aria-invalid={message ? true : undefined}
        aria-describedby={[statusId, message ? errorId : null].filter(Boolean).join(' ')}
        onChange={(e) => void choose(e.currentTarget.files?.[0])}
      />
      <p id={statusId} className="field__hint media-upload__status" aria-live="polite">
        {busy
          ? `Uploading… ${Math.round((progress ?? 0) * 100)}%`
          : `${field === 'image' ? 'JPEG, PNG or WebP' : 'MP4 or WebM'}, up to ${MEDIA_MAX_BYTES[field] / 1024 / 1024} MB.`}
      </p>
      {busy && (
        <progress
          className="media-upload__progress"
          max={1}
          value={progress ?? 0}
          aria-label={`${label} upload progress`}
        />
      )}
      {message && (
        <p id={errorId} className="field__error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
