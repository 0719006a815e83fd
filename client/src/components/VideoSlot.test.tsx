import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
