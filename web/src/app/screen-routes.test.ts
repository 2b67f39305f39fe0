import fs from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { isKnownScreenPath, screenRoutes } from '@contract';

/**
 * The server answers 404 for an address no route matches (issue 23), telling known screens by
 * contract/screen-routes.ts. The router must take every path from that list: a route written in
 * router.tsx with a path of its own would be a screen the server calls unknown. (router.tsx cannot
 * be imported here: its import.meta.glob is resolved from web/ by Vite, so its text is read.)
 */
const router = fs.readFileSync(new URL('./router.tsx', import.meta.url), 'utf8');

/** The value of every `path: …` written in an object of router.tsx, as written. */
function writtenPaths(): string[] {
  const source = ts.createSourceFile('router.tsx', router, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'path') found.push(node.initializer.getText(source));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the router and the server know the same screens', () => {
  it('the router writes no path of its own but the not-found screen\'s `*`', () => {
    const written = writtenPaths();
    expect(written).toContain("'*'");
    expect(written.filter((path) => path !== "'*'")).toEqual(['screenRoutes[name]']);
  });

  it('every screen of the list is routed, at its path or as an index route at its parent\'s', () => {
    const routed = new Set([...router.matchAll(/page\('(\w+)'\)|index: true, lazy: screen\('(\w+)'\)/g)].map((m) => m[1] ?? m[2]));
    expect([...routed].sort()).toEqual(Object.keys(screenRoutes).sort());
    // Index routes stand at their parent's path: the home page at `/`, the console's dashboard at its frame's.
    expect(screenRoutes.home).toBe('/');
    expect(screenRoutes.adminDashboard).toBe(screenRoutes.adminLayout);
  });

  it('tells known screens from unknown ones as the router matches: any case, an optional trailing slash', () => {
    for (const known of ['/', '/Account/Signin', '/account/signin/', '/NIDS/NOTICE/LIST', '/Nids/notice/View/3', '/nids/contactus/write/NEW', '/admin', '/admin/boards/notice', '/TOS/Content/PrivacyContent', '/Account/Sign%69n'])
      expect(isKnownScreenPath(known), known).toBe(true);
    for (const unknown of ['/nosuch', '/Account/Nowhere', '/Nids/notice', '/Nids/notice/View', '/Nids/notice/View/3/more', '/admin/nosuch', '/%E0%A4%A', '//'])
      expect(isKnownScreenPath(unknown), unknown).toBe(false);
  });
});
