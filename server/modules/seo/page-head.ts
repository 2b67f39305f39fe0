import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { paths } from '../../../contract';
import { fileUrl } from '../file/urls';
import { guestCaller } from '../../auth/caller';
import { guestListsBoard, guestReadsPost } from './guest';
import { findBoard } from '../board/repo';
import { postHeadQuery } from './repo';
import { staticScreens } from './routes';
import { escapeMarkup, excerpt, originOf } from './text';

/**
 * Link previews (KakaoTalk, Naver) and search engines read the HTML the server sends without
 * running scripts, so post and list screens get their own title, description, canonical URL and
 * Open Graph tags in index.html's head. Posts a guest may not read get nothing of theirs: the
 * plain index.html goes out, as for every other screen.
 */

interface Head {
  title: string;
  description: string;
  /** Path of the canonical URL. */
  path: string;
  type: 'article' | 'website';
  /** Path of an image a guest may fetch. */
  image?: string;
}

const viewPath = /^\/([^/]+)\/([^/]+)\/View\/(\d{1,9})\/?$/i;
const listPath = /^\/([^/]+)\/([^/]+)\/List\/?$/i;
/** Canonical spellings of the fixed screens by their lower-case path (the router ignores case). */
const canonicalScreens = new Map(staticScreens.map((p) => [p.toLowerCase(), p]));

/** index.html without its own title and description, split where the tags of a page go. */
function splitTemplate(html: string): [string, string] | null {
  const stripped = html.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const at = stripped.search(/<\/head>/i);
  return at < 0 ? null : [stripped.slice(0, at), stripped.slice(at)];
}

function headTags(head: Head, origin: string, siteName: string): string {
  const url = origin + head.path;
  const title = `${head.title} | ${siteName}`;
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeMarkup(content)}" />`;
  return [
    `<title>${escapeMarkup(title)}</title>`,
    `<meta name="description" content="${escapeMarkup(head.description)}" />`,
    `<link rel="canonical" href="${escapeMarkup(url)}" />`,
    meta('og:type', head.type),
    meta('og:site_name', siteName),
    meta('og:title', head.title),
    meta('og:description', head.description),
    meta('og:url', url),
    meta('og:locale', 'ko_KR'),
    ...(head.image ? [meta('og:image', origin + head.image)] : []),
    '',
  ].join('\n    ');
}

export interface PageHeads {
  /** Answers a screen that has tags of its own and returns true; else leaves the reply alone. */
  answer(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/** Reads index.html once; `null` without a web build. */
export function createPageHeads(app: FastifyInstance, webDistDir: string): PageHeads | null {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const template = splitTemplate(fs.readFileSync(indexFile, 'utf8'));
  if (!template) return null;
  const { db, settings } = app.deps;

  /** One indexed lookup (board_item_no_uq); null when a guest may not read the post. */
  async function postHead(boardCode: string, itemNo: number): Promise<Head | null> {
    const [row] = await postHeadQuery(db, boardCode, itemNo);
    if (!row || !guestReadsPost(await guestCaller(app.deps), row.board, row.item)) return null;
    const { board, item } = row;
    return {
      title: item.title,
      description: excerpt(item.excerpt) || board.name,
      path: paths.boardView(board.area, board.boardCode, item.itemNo),
      type: 'article',
      // The list picture: an image attached to this post, which a guest may fetch as the post is public.
      image: item.thumbnailFileId ? fileUrl(item.thumbnailFileId) : undefined,
    };
  }

  async function listHead(boardCode: string): Promise<Head | null> {
    const board = await findBoard(db, boardCode);
    if (!board || !guestListsBoard(await guestCaller(app.deps), board)) return null;
    return {
      title: board.name,
      description: board.description || board.name,
      path: paths.boardList(board.area, board.boardCode),
      type: 'website',
    };
  }

  return {
    async answer(request, reply) {
      if (request.method !== 'GET') return false;
      const url = request.url.split('?')[0]!;
      const view = viewPath.exec(url);
      const list = view ? null : listPath.exec(url);
      const head = view ? await postHead(view[2]!, Number(view[3])) : list ? await listHead(list[2]!) : null;
      if (!head) {
        // Fixed screens keep the precompressed index.html (its generic description); the canonical
        // URL goes in a header, which search engines read as they read the tag.
        const screen = canonicalScreens.get(url.replace(/(.)\/$/, '$1').toLowerCase());
        if (screen) reply.header('link', `<${originOf(request)}${screen}>; rel="canonical"`);
        return false;
      }
      const tags = headTags(head, originOf(request), (await settings.info()).siteName);
      await reply
        .type('text/html; charset=utf-8')
        // As index.html: a post edited, deleted or closed to guests must not be served from a cache.
        .header('cache-control', 'no-cache')
        .send(`${template[0]}${tags}${template[1]}`);
      return true;
    },
  };
}
