import fs from 'node:fs';
import path from 'node:path';
import { paths } from '@contract';

/**
 * The first screen's own files named in the HTML the server sends (issue 11, first load). Every
 * screen is a lazy chunk (web/src/app/router.tsx), so a browser that only had index.html would
 * download the entry, run it, and only then ask for the screen's chunk, the chunks it shares with
 * other screens and its style sheet: on a phone, another round trip or two before the screen can
 * show. `<link rel="modulepreload">` and `<link rel="preload" as="style">` for them let them
 * download alongside the entry. Vite's preload helper finds these links and does not ask again.
 * Each carries `data-first-screen`: Vite writes modulepreload links of its own into every page (the
 * entry's runtime and vendor chunks), and web/src/app/first-screen.ts must tell the server's apart,
 * since only then is the screen's chunk on its way and the first render worth holding for it.
 *
 * The screens are those readers land on from search engines and shared links. The table maps
 * their paths (as the router matches them: any case, an optional trailing slash) to the router's
 * modules; Vite's manifest (`build.manifest`, dist/web/.vite/manifest.json) maps a module to its
 * files. A module missing from the manifest (renamed, moved) gets no preloads and nothing else
 * changes; e2e/budget.spec.ts checks that the home page, a list and a post get theirs.
 */

/** The attribute on the tags added here; web/src/app/first-screen.ts looks for it. */
export const firstScreenMark = 'data-first-screen';

/** A post's screen: /{area}/{boardCode}/View/{itemNo}. */
export const viewPath = /^\/([^/]+)\/([^/]+)\/View\/(\d{1,9})\/?$/i;
/** A board's list screen: /{area}/{boardCode}/List/. */
export const listPath = /^\/([^/]+)\/([^/]+)\/List\/?$/i;

/**
 * The console's screens (the router's `admin/*`), whatever they look like (/admin/boards/List
 * would pass for a list): they get none of a reader screen's extras, no tags, preloads or data.
 */
export function isConsolePath(pathname: string): boolean {
  return /^\/admin(\/|$)/i.test(pathname);
}

function fixed(screenPath: string): RegExp {
  return new RegExp(`^${screenPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?$`, 'i');
}

export const firstLoadScreens: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/$/, 'src/features/home/HomePage.tsx'],
  [listPath, 'src/features/board/routes/BoardListPage.tsx'],
  [viewPath, 'src/features/board/routes/BoardViewPage.tsx'],
  [fixed(paths.nidsIntro), 'src/features/info/IntroPage.tsx'],
  [fixed(paths.nidsAbout), 'src/features/info/AboutPage.tsx'],
  [fixed(paths.nidsHistory), 'src/features/info/HistoryPage.tsx'],
  [fixed(paths.nidsOrganization), 'src/features/info/OrganizationPage.tsx'],
  [fixed(paths.registSite), 'src/features/info/RegistSitePage.tsx'],
  [fixed(paths.privacy), 'src/features/terms/PrivacyContentPage.tsx'],
  [fixed(paths.terms), 'src/features/terms/TermsContentPage.tsx'],
];

/** One chunk of the build as Vite's manifest describes it (the fields used here). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(webDistDir: string): Manifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(webDistDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    // No manifest (an older build, a test's fake one): the screens simply get no preloads.
    return null;
  }
}

/** The JavaScript and CSS files a chunk loads before it runs: its own, and its static imports'. */
function filesOf(manifest: Manifest, key: string): { scripts: Set<string>; styles: Set<string> } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || seen.has(k)) return;
    seen.add(k);
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { scripts, styles };
}

/** The `<link>` tags of each screen module, without what index.html already loads (the entry's). */
function tagsByModule(manifest: Manifest): Map<string, string> {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const entry = entryKey ? filesOf(manifest, entryKey) : { scripts: new Set<string>(), styles: new Set<string>() };
  const tags = new Map<string, string>();
  for (const [, module] of firstLoadScreens) {
    if (!manifest[module] || tags.has(module)) continue;
    const { scripts, styles } = filesOf(manifest, module);
    // Style sheets first: the screen's module waits for them before it runs (Vite's preload helper).
    const links = [
      ...[...styles].filter((f) => !entry.styles.has(f)).map((f) => `<link rel="preload" as="style" crossorigin href="/${f}" ${firstScreenMark}>`),
      ...[...scripts].filter((f) => !entry.scripts.has(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}" ${firstScreenMark}>`),
    ];
    tags.set(module, links.join('\n    '));
  }
  return tags;
}

export interface FirstLoad {
  /** The preload tags for the screen at `pathname`, or '' when there are none. */
  tagsFor(pathname: string): string;
}

export function createFirstLoad(webDistDir: string): FirstLoad {
  const manifest = readManifest(webDistDir);
  const tags = manifest ? tagsByModule(manifest) : new Map<string, string>();
  return {
    tagsFor(pathname) {
      // Never a console path: the page's answer (page-head.ts) has left those out already.
      const screen = firstLoadScreens.find(([pattern]) => pattern.test(pathname));
      return screen ? (tags.get(screen[1]) ?? '') : '';
    },
  };
}
