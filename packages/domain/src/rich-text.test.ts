import { describe, expect, it } from 'vitest';
import { isRichTextVideoSrc, RICH_TEXT_CLASSES, richTextVideo } from './rich-text';

describe('rich-text videos', () => {
  it('turns YouTube addresses into the privacy-enhanced player', () => {
    const player = { src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', title: 'YouTube video' };
    for (const address of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      ' https://youtu.be/dQw4w9WgXcQ ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ])
      expect(richTextVideo(address), address).toEqual(player);
  });

  it('turns Vimeo addresses into its player', () => {
    const player = { src: 'https://player.vimeo.com/video/76979871', title: 'Vimeo video' };
    expect(richTextVideo('https://vimeo.com/76979871')).toEqual(player);
    expect(richTextVideo('https://player.vimeo.com/video/76979871')).toEqual(player);
  });

  it('refuses every other address', () => {
    for (const address of [
      'not a url',
      'javascript:alert(1)',
      'https://evil.example/embed/dQw4w9WgXcQ',
      'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ"onload="x',
      'https://user@www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://vimeo.com/channels/staffpicks',
      'ftp://vimeo.com/76979871',
    ])
      expect(richTextVideo(address), address).toBeNull();
  });

  it('accepts as an iframe src only the player address exactly as the editor writes it', () => {
    expect(isRichTextVideoSrc('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe(true);
    expect(isRichTextVideoSrc('https://player.vimeo.com/video/76979871')).toBe(true);
    expect(isRichTextVideoSrc('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe(false);
    expect(isRichTextVideoSrc('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1')).toBe(false);
    expect(isRichTextVideoSrc(undefined)).toBe(false);
  });
});

describe('rich-text sizes and fonts', () => {
  it('are classes from a fixed list, Normal and Sans Serif carrying none', () => {
    expect(RICH_TEXT_CLASSES).toEqual(['rt-size-small', 'rt-size-large', 'rt-size-huge', 'rt-font-serif', 'rt-font-monospace']);
  });
});
