import { describe, expect, it } from 'vitest';
import { isVideoEmbedSrc, toVideoEmbed } from './video-url';

describe('toVideoEmbed', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['youtu.be/dQw4w9WgXcQ?t=10', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://tv.naver.com/v/12345678', 'https://tv.naver.com/embed/12345678'],
    ['https://tv.kakao.com/v/420123456', 'https://play-tv.kakao.com/embed/player/cliplink/420123456'],
    ['https://tv.kakao.com/channel/2653417/cliplink/420123456', 'https://play-tv.kakao.com/embed/player/cliplink/420123456'],
  ])('%s -> %s', (input, src) => {
    expect(toVideoEmbed(input)?.src).toBe(src);
  });

  it.each(['', 'javascript:alert(1)', 'https://evil.example/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=short', 'https://vimeo.com/about'])(
    'refuses %s',
    (input) => {
      expect(toVideoEmbed(input)).toBeNull();
    },
  );

  it('names the player for screen readers', () => {
    expect(toVideoEmbed('https://youtu.be/dQw4w9WgXcQ')?.title).toContain('동영상');
  });
});

describe('isVideoEmbedSrc', () => {
  it('accepts only https players from the allow-list', () => {
    expect(isVideoEmbedSrc('https://player.vimeo.com/video/1')).toBe(true);
    expect(isVideoEmbedSrc('http://player.vimeo.com/video/1')).toBe(false);
    expect(isVideoEmbedSrc('https://evil.example/embed')).toBe(false);
  });
});
