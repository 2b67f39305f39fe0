/**
 * Video embeds by URL (issue 4): a link to YouTube, Vimeo, Naver TV or Kakao TV becomes the
 * host's own player URL. Only these hosts' players pass the server's sanitiser (iframes from an
 * allow-list), so anything else is refused here with a sentence the writer can act on.
 */
import { videoHosts } from '@contract';

export interface VideoEmbed {
  /** The player URL to put in the iframe. */
  src: string;
  /** The player's accessible name. */
  title: string;
}

const youtubeId = /^[\w-]{11}$/;

function parseUrl(input: string): URL | null {
  const text = input.trim();
  if (!text) return null;
  try {
    return new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
}

/** The player URL for a video page or share link, or null when the address is not a supported video. */
export function toVideoEmbed(input: string): VideoEmbed | null {
  const url = parseUrl(input);
  if (!url) return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const segments = url.pathname.split('/').filter(Boolean);

  if (host === 'youtube.com' || host === 'youtube-nocookie.com' || host === 'youtu.be') {
    let id: string | null = null;
    if (host === 'youtu.be') id = segments[0] ?? null;
    else if (segments[0] === 'watch') id = url.searchParams.get('v');
    else if (segments[0] === 'embed' || segments[0] === 'shorts' || segments[0] === 'live') id = segments[1] ?? null;
    return id && youtubeId.test(id) ? { src: `https://www.youtube-nocookie.com/embed/${id}`, title: 'YouTube 동영상' } : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = [...segments].reverse().find((s) => /^\d{1,12}$/.test(s));
    return id ? { src: `https://player.vimeo.com/video/${id}`, title: 'Vimeo 동영상' } : null;
  }
  if (host === 'tv.naver.com') {
    // tv.naver.com/v/12345678, tv.naver.com/embed/12345678, tv.naver.com/h/12345678 (short-form)
    const id = (segments[0] === 'v' || segments[0] === 'embed' || segments[0] === 'h') ? segments[1] : undefined;
    return id && /^\d{1,12}$/.test(id) ? { src: `https://tv.naver.com/embed/${id}`, title: '네이버TV 동영상' } : null;
  }
  if (host === 'tv.kakao.com' || host === 'play-tv.kakao.com') {
    // tv.kakao.com/v/123, tv.kakao.com/channel/1/cliplink/123, play-tv.kakao.com/embed/player/cliplink/123
    const at = segments.findIndex((s) => s === 'v' || s === 'cliplink');
    const id = at >= 0 ? segments[at + 1] : undefined;
    return id && /^\d{1,12}$/.test(id) ? { src: `https://play-tv.kakao.com/embed/player/cliplink/${id}`, title: '카카오TV 동영상' } : null;
  }
  return null;
}

/** Is this iframe address one of the supported players (what the editor keeps when it reads HTML)? */
export function isVideoEmbedSrc(src: string): boolean {
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && (videoHosts as readonly string[]).includes(url.hostname);
  } catch {
    return false;
  }
}
