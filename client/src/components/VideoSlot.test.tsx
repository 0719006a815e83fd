import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { observable } from '@trpc/server/observable';
import { describe, expect, it } from 'vitest';
import { trpc } from '../api/trpc.ts';
import { usePageVideo } from '../pages/content/usePageVideo.ts';
import { VideoSlot, videoSource } from './VideoSlot.tsx';

const signed = 'http://127.0.0.1:3000/api/media/42?expires=1800000000&signature=ab12';

describe('videoSource', () => {
  it('plays an uploaded video’s signed address as a file, absolute or relative', () => {
    expect(videoSource(signed)).toEqual({ kind: 'file', src: signed });
    expect(videoSource('/api/media/42?expires=1&signature=x')).toEqual({
      kind: 'file',
      src: '/api/media/42?expires=1&signature=x',
    });
    // Only the media route: another path of the API is not a video.
    expect(videoSource('/api/media/42/other')).toBeNull();
    expect(videoSource('/api/user/page/42')).toBeNull();
  });

  it('still plays host links and file links', () => {
    expect(videoSource('76979871', 'https://player.vimeo.com/video/')).toEqual({
      kind: 'player',
      src: 'https://player.vimeo.com/video/76979871',
    });
    expect(videoSource('https://cdn.example.com/a.mp4')).toEqual({
      kind: 'file',
      src: 'https://cdn.example.com/a.mp4',
    });
  });
});

describe('VideoSlot', () => {
  it('plays the uploaded video before the host link, inline with its metadata only preloaded', () => {
    const { container } = render(<VideoSlot link="https://player.vimeo.com/video/1" path={signed} title="Push" />);
    const video = container.querySelector('video')!;
    expect(video.getAttribute('src')).toBe(signed);
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('falls back to the host link without an upload', () => {
    const { container } = render(<VideoSlot link="https://player.vimeo.com/video/1" path={null} title="Push" />);
    expect(container.querySelector('iframe')?.getAttribute('src')).toBe('https://player.vimeo.com/video/1');
  });
});

describe('without a video', () => {
  it('shows no player at all: no video, no frame, no placeholder', () => {
    for (const link of [null, undefined, '', '  ', 'not a video']) {
      const { container } = render(<VideoSlot link={link} path={null} title="Push" />);
      expect(container.innerHTML).toBe('');
    }
  });

  it('asks the server for no page video when the page has none, and plays the one it has', async () => {
    const asked: string[] = [];
    const client = trpc.createClient({
      links: [
        () =>
          ({ op }) =>
            observable((observer) => {
              asked.push(op.path);
              observer.next({ result: { data: { data: { video_id: 7, video_link: null, video_path: signed } } } });
              observer.complete();
            }),
      ],
    });
    const queryClient = new QueryClient();
    function Page({ videoId }: { videoId: number | null }) {
      const video = usePageVideo(97, null, videoId);
      return video ? <VideoSlot link={video} title="Introduction" /> : <p>no video</p>;
    }
    const view = render(
      <trpc.Provider client={client} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <Page videoId={null} />
        </QueryClientProvider>
      </trpc.Provider>,
    );
    expect(await screen.findByText('no video')).toBeTruthy();
    expect(view.container.querySelector('video, iframe, figure')).toBeNull();
    expect(asked).toEqual([]);

    view.rerender(
      <trpc.Provider client={client} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <Page videoId={7} />
        </QueryClientProvider>
      </trpc.Provider>,
    );
    await waitFor(() => expect(view.container.querySelector('video')?.getAttribute('src')).toBe(signed));
    expect(asked).toEqual(['warrior.pageVideo']);
  });
});
