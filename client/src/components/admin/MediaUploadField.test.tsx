import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEDIA_MESSAGE, type MediaRef } from '@evolution/shared';
import { TOAST_MS } from '@evolution/shared/constants';
import { useNotices } from '../ui/notifier.ts';
import { FormActions } from '../../pages/admin/common/FormActions.tsx';
import { MediaUploadField } from './MediaUploadField.tsx';

/** A stand-in XMLHttpRequest that records what is sent and answers when the test says so. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  response: unknown = null;
  responseType = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {}
  answer(status: number, response: unknown) {
    this.status = status;
    this.response = response;
    this.onload?.();
  }
}

function Harness({ kind }: { kind: 'page_video' | 'meal_image' }) {
  const [value, setValue] = useState<MediaRef | null>(null);
  return (
    <>
      <MediaUploadField kind={kind} label="Video" value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
      <output data-testid="notices">
        {JSON.stringify(useNotices().map((n) => [n.variant, n.message, n.duration]))}
      </output>
    </>
  );
}

const choose = (file: File) => fireEvent.change(screen.getByLabelText('Video'), { target: { files: [file] } });

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  localStorage.setItem('token', 'tok-123');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  FakeXhr.last = null;
});

describe('MediaUploadField', () => {
  it("holds the form's Save while the file is on its way, so a record is never saved without it", async () => {
    const view = render(
      <form>
        <Harness kind="page_video" />
        <FormActions submit="Save" busy={false} />
      </form>,
    );
    const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save().disabled).toBe(false);
    choose(new File(['webm'], 'clip.webm', { type: 'video/webm' }));
    expect(save().disabled).toBe(true);
    expect(screen.getByText('Waiting for the upload to finish.').getAttribute('role')).toBe('status');
    await act(async () => FakeXhr.last!.answer(201, { video: { id: 9, path: '/media/9' } }));
    expect(save().disabled).toBe(false);
    expect(screen.queryByText('Waiting for the upload to finish.')).toBeNull();

    // A screen left mid-upload (the upload is cut) leaves no Save waiting on the next one.
    choose(new File(['webm'], 'clip2.webm', { type: 'video/webm' }));
    expect(save().disabled).toBe(true);
    view.unmount();
    render(
      <form>
        <FormActions submit="Save" busy={false} />
      </form>,
    );
    expect(save().disabled).toBe(false);
  });

  it('uploads the chosen file at once to its admin route with the bearer token, shows progress, then the stored file', async () => {
    render(<Harness kind="page_video" />);
    choose(new File(['webm'], 'clip.webm', { type: 'video/webm' }));
    const xhr = FakeXhr.last!;
    expect(xhr).toMatchObject({
      method: 'POST',
      url: '/api/admin/page/video',
      headers: { Authorization: 'Bearer tok-123' },
    });
    expect((xhr.body!.get('video') as File).name).toBe('clip.webm');
    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 }));
    expect(screen.getByText('Uploading… 25%')).toBeTruthy();
    expect((screen.getByLabelText('Video') as HTMLInputElement).disabled).toBe(true);
    await act(async () => xhr.answer(201, { video: { id: 7, path: '/api/media/7?expires=1&signature=a' } }));
    expect(screen.getByTestId('value').textContent).toBe('{"id":7,"path":"/api/media/7?expires=1&signature=a"}');
    expect(document.querySelector('video')?.getAttribute('src')).toBe('/api/media/7?expires=1&signature=a');
    fireEvent.click(screen.getByRole('button', { name: 'Remove video' }));
    expect(screen.getByTestId('value').textContent).toBe('null');
  });

  it("shows the server's 422 message under the field, tied to the input", async () => {
    render(<Harness kind="page_video" />);
    choose(new File(['png'], 'clip.webm', { type: 'video/webm' }));
    await act(async () =>
      FakeXhr.last!.answer(422, {
        message: MEDIA_MESSAGE.videoInvalid,
        errors: { video: [MEDIA_MESSAGE.videoInvalid] },
      }),
    );
    const message = screen.getByText(MEDIA_MESSAGE.videoInvalid);
    const input = screen.getByLabelText('Video');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.getByTestId('value').textContent).toBe('null');
    // The error catalogue's 3 s danger notice, as for every other call.
    expect(screen.getByTestId('notices').textContent).toContain(
      JSON.stringify(['danger', MEDIA_MESSAGE.videoInvalid, TOAST_MS.apiError]),
    );
  });

  it('says a file is too large before sending it', () => {
    render(<Harness kind="meal_image" />);
    const big = new File(['x'], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    choose(big);
    expect(FakeXhr.last).toBeNull();
    expect(screen.getByText(MEDIA_MESSAGE.imageTooLarge)).toBeTruthy();
  });
});
