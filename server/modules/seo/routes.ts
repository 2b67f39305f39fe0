import type { FastifyPluginAsync } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { fixedScreens, messages, paths } from '@contract';
import { notFound } from '../../errors';
import { toKstIso } from '../../lib/time';
import { guestCaller } from '../../auth/caller';
import { guestListsBoard } from './guest';
import { findBoard } from '@server/modules/board';
import { contentLastModified } from '@server/modules/content';
import { boardsQuery, feedQuery, sitemapPosts } from './repo';
import { escapeMarkup, excerpt, originOf } from './text';

/** Sitemaps hold at most 50,000 URLs (sitemaps.org); the newest posts fill what the screens leave. */
export const SITEMAP_MAX_URLS = 50_000;
export const FEED_SIZE = 20;
/** Boards with a feed: /rss/{board}.xml. */
export const FEED_BOARDS = ['notice', 'public'] as const;

/** Short: a new post shows within minutes, and crawlers asking often are answered by caches. */
const PUBLIC_CACHE = 'public, max-age=300';
/** Left out of the API documentation: these are for crawlers and feed readers. */
const hidden = { hide: true };
/**
 * Compressed on the fly: server/web.ts turns compression off for routes outside /api/ (the web
 * build is precompressed), but a sitemap of 50,000 URLs is megabytes of very compressible text.
 */
const compressed = { schema: hidden, compress: {} };

/**
 * Screens a guest reads that are the same for everyone; account screens and the console are left
 * out, and so is the site search (issue 23): its pages are answers to a query, not pages of their own.
 */
export const staticScreens: string[] = Object.values(fixedScreens)
  .map((screen) => screen.path)
  .filter((p) => p !== paths.search);

/** When the web app was built: the fixed screens' text is part of the build, so it is their last change. */
function builtAt(webDistDir: string): Date | undefined {
  try {
    return fs.statSync(path.join(webDistDir, 'index.html')).mtime;
  } catch {
    return undefined;
  }
}

/**
 * robots.txt, sitemap.xml and the RSS feeds (issue 11, "Search engines and sharing"). Every list
 * of posts is what a guest may read: guest role, board permissions, no secret or deleted post.
 */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  const { db, settings } = app.deps;

  app.get('/robots.txt', { schema: hidden }, async (request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /api/',
      // Screens of one's own account: sign-in, sign-up, My page (paths.ts; the router ignores case).
      'Disallow: /Account/',
      'Disallow: /account/',
      // Write screens, in both spellings: the spec's inquiry form is /nids/contactus/write/NEW.
      'Disallow: /*/Write/',
      'Disallow: /*/write/',
      // The site search's result pages (issue 23): endless query variations of pages already listed.
      'Disallow: /search',
      '',
      `Sitemap: ${originOf(request)}/sitemap.xml`,
      '',
    ];
    return reply.type('text/plain; charset=utf-8').header('cache-control', PUBLIC_CACHE).send(lines.join('\n'));
  });

  const screensChanged = builtAt(app.deps.config.webDistDir);

  app.get('/sitemap.xml', compressed, async (request, reply) => {
    const origin = originOf(request);
    const guest = await guestCaller(app.deps);
    const boards = (await boardsQuery(db)).filter((b) => guestListsBoard(guest, b));
    const lists = boards.map((b) => paths.boardList(b.area, b.boardCode));
    const screens = [...staticScreens, ...lists];
    const [posts, contentChanged] = await Promise.all([
      sitemapPosts(db, boards.map((b) => b.boardCode), SITEMAP_MAX_URLS - screens.length),
      // A content page (issue 22) changed when its current version took effect.
      contentLastModified(app.deps),
    ]);
    const areaOf = new Map(boards.map((b) => [b.boardCode, b.area]));
    const url = (path: string, lastmod?: Date) =>
      `<url><loc>${escapeMarkup(origin + path)}</loc>${lastmod ? `<lastmod>${toKstIso(lastmod)}</lastmod>` : ''}</url>`;
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...staticScreens.map((p) => url(p, contentChanged.get(p) ?? screensChanged)),
      // A list changes with its newest post, which the posts' own entries below carry.
      ...lists.map((p) => url(p)),
      ...posts.map((p) => url(paths.boardView(areaOf.get(p.boardCode)!, p.boardCode, p.itemNo), p.modifiedAt)),
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', PUBLIC_CACHE).send(body);
  });

  app.get<{ Params: { feed: string } }>('/rss/:feed', compressed, async (request, reply) => {
    const name = /^(.+)\.xml$/.exec(request.params.feed)?.[1];
    const boardCode = FEED_BOARDS.find((code) => code === name);
    if (!boardCode) throw notFound(messages.boardNotFound);
    const guest = await guestCaller(app.deps);
    const found = await findBoard(db, boardCode);
    // A board closed to guests has no feed, as if it did not exist (its name is not for guests either).
    if (!found || !guestListsBoard(guest, found)) throw notFound(messages.boardNotFound);
    const origin = originOf(request);
    const site = (await settings.info()).siteName;
    const items = await feedQuery(db, found.boardCode, FEED_SIZE);
    const listUrl = origin + paths.boardList(found.area, found.boardCode);
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
      '<channel>',
      `<title>${escapeMarkup(`${found.name} - ${site}`)}</title>`,
      `<link>${escapeMarkup(listUrl)}</link>`,
      `<description>${escapeMarkup(found.description || found.name)}</description>`,
      '<language>ko</language>',
      `<atom:link href="${escapeMarkup(`${origin}/rss/${found.boardCode}.xml`)}" rel="self" type="application/rss+xml"/>`,
      ...(items[0] ? [`<lastBuildDate>${items[0].createdAt.toUTCString()}</lastBuildDate>`] : []),
      ...items.map((item) => {
        const link = escapeMarkup(origin + paths.boardView(found.area, found.boardCode, item.itemNo));
        return [
          '<item>',
          `<title>${escapeMarkup(item.title)}</title>`,
          `<link>${link}</link>`,
          `<guid isPermaLink="true">${link}</guid>`,
          // toUTCString is the RFC 822 form RSS 2.0 asks for (with GMT as the zone).
          `<pubDate>${item.createdAt.toUTCString()}</pubDate>`,
          `<description>${escapeMarkup(excerpt(item.excerpt, 200))}</description>`,
          '</item>',
        ].join('');
      }),
      '</channel>',
      '</rss>',
      '',
    ].join('\n');
    return reply.type('application/rss+xml; charset=utf-8').header('cache-control', PUBLIC_CACHE).send(body);
  });
};
