/**
 * What the rich-text editor can make beyond plain formatting (spec §9), shared by the editor, the
 * renderer and the server's sanitiser so the three cannot drift: a size or font is one class from a
 * fixed list, a formula is a span holding its LaTeX, a video is an iframe of one of two players.
 */

/** Text sizes besides Normal, which carries no markup; each is the class `rt-size-<size>`. */
export const RICH_TEXT_SIZES = ['small', 'large', 'huge'] as const;
export type RichTextSize = (typeof RICH_TEXT_SIZES)[number];

/** Fonts besides Sans Serif, the app's own font, which carries no markup; each is the class `rt-font-<font>`. */
export const RICH_TEXT_FONTS = ['serif', 'monospace'] as const;
export type RichTextFont = (typeof RICH_TEXT_FONTS)[number];

export const richTextSizeClass = (size: RichTextSize) => `rt-size-${size}`;
export const richTextFontClass = (font: RichTextFont) => `rt-font-${font}`;

/** Every class a `<span>` of rich text may carry. */
export const RICH_TEXT_CLASSES: readonly string[] = [...RICH_TEXT_SIZES.map(richTextSizeClass), ...RICH_TEXT_FONTS.map(richTextFontClass)];

/** A formula is `<span data-type="inline-math" data-latex="…">`, typeset with KaTeX where it is shown. */
export const RICH_TEXT_FORMULA_TYPE = 'inline-math';

/** The players a video may come from: YouTube's privacy-enhanced host, which sets no cookie until play, and Vimeo's. */
export const RICH_TEXT_VIDEO_HOSTS = ['www.youtube-nocookie.com', 'player.vimeo.com'] as const;

export interface RichTextVideo {
  /** The player's address: `https://www.youtube-nocookie.com/embed/<id>` or `https://player.vimeo.com/video/<id>`. */
  src: string;
  /** The iframe's accessible name. */
  title: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const YOUTUBE_HOSTS = ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'www.youtube-nocookie.com', 'youtube-nocookie.com'];
const VIMEO_HOSTS = ['vimeo.com', 'www.vimeo.com', 'player.vimeo.com'];

const youtube = (id: string | undefined | null): RichTextVideo | null =>
  id && YOUTUBE_ID.test(id) ? { src: `https://www.youtube-nocookie.com/embed/${id}`, title: 'YouTube video' } : null;
const vimeo = (id: string | undefined): RichTextVideo | null =>
  id && VIMEO_ID.test(id) ? { src: `https://player.vimeo.com/video/${id}`, title: 'Vimeo video' } : null;

/**
 * The player for a YouTube or Vimeo address as people paste it (a watch page, a short link, an embed
 * address), or null for anything else. Its answer for a player address is that address, which is how
 * the sanitiser checks an iframe: only a src this function reproduces exactly is kept.
 */
export function richTextVideo(address: string): RichTextVideo | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const path = url.pathname.split('/').filter(Boolean);
  if (YOUTUBE_HOSTS.includes(url.hostname)) {
    if (url.hostname === 'youtu.be') return path.length === 1 ? youtube(path[0]) : null;
    if (path.length === 1 && path[0] === 'watch') return youtube(url.searchParams.get('v'));
    if (path.length === 2 && (path[0] === 'embed' || path[0] === 'shorts' || path[0] === 'live')) return youtube(path[1]);
    return null;
  }
  if (VIMEO_HOSTS.includes(url.hostname)) {
    if (url.hostname === 'player.vimeo.com') return path.length === 2 && path[0] === 'video' ? vimeo(path[1]) : null;
    return path.length === 1 ? vimeo(path[0]) : null;
  }
  return null;
}

/** An iframe's src is a player the editor makes, exactly as it makes it. */
export function isRichTextVideoSrc(src: string | undefined): boolean {
  return !!src && richTextVideo(src)?.src === src;
}

/**
 * The one attribute set a video iframe has, written by the editor and enforced by the sanitiser:
 * lazy, full-screen capable, and sending the referrer origin YouTube's player requires.
 */
export function richTextVideoAttributes(video: RichTextVideo): Record<string, string> {
  return {
    src: video.src,
    title: video.title,
    allowfullscreen: 'true',
    loading: 'lazy',
    referrerpolicy: 'strict-origin-when-cross-origin',
  };
}
