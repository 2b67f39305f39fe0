// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';
import { area } from './board';
import type { Area } from './board';

/**
 * The header menu as data (issue 22, spec §2's navigation; docs/decisions/0027-menu-as-data.md).
 * Two levels, as the header shows them: groups (a disclosure button) and their links, or a link
 * on the top level. An entry is one of:
 * - a group: `children`, and no link; `boardArea` makes the boards of that area that no entry
 *   places join it, after its own links (a board made in the console appears at once);
 * - a site link: `path`, a path of this site (one leading `/`);
 * - a board link: `boardCode`; the server writes its `path` from the board's area (its list, or
 *   the form of an inquiry board), so a board moved to another area keeps working;
 * - an external link: `url` (http or https), opened in a new window.
 */

export const menuMessages = {
  saved: '메뉴를 저장했습니다.',
  conflict: '다른 관리자가 먼저 수정했습니다. 새로 고친 뒤 다시 시도해주세요.',
  labelRequired: '메뉴 이름을 입력해주세요.',
  labelTooLong: '메뉴 이름은 30자 이내로 입력해주세요.',
  idFormat: '메뉴 항목 번호가 올바르지 않습니다.',
  duplicateId: '같은 번호의 메뉴 항목이 두 번 있습니다.',
  ownAncestor: '메뉴 항목을 자기 자신 아래에 넣을 수 없습니다.',
  tooDeep: '메뉴는 두 단계까지만 만들 수 있습니다.',
  oneLink: '메뉴 항목에는 링크를 하나만 넣을 수 있습니다.',
  groupWithLink: '하위 메뉴가 있는 메뉴에는 링크를 넣을 수 없습니다.',
  linkRequired: '하위 메뉴의 링크(누리집 주소, 게시판 또는 외부 주소)를 정해주세요.',
  badPath: '누리집 주소는 /로 시작하는 이 누리집의 경로여야 합니다.',
  badUrl: '외부 주소는 http:// 또는 https://로 시작하는 주소여야 합니다.',
  unknownBoard: '없는 게시판입니다.',
  boardAreaOnGroup: '게시판 영역은 최상위 메뉴에만 정할 수 있습니다.',
  boardAreaTaken: '한 게시판 영역의 새 게시판은 한 메뉴에만 넣을 수 있습니다.',
  tooMany: '메뉴 항목이 너무 많습니다.',
} as const;

/** Limits of the menu (the header has room for a handful of groups, each a short list). */
export const menuLimits = { labelMax: 30, topLevel: 12, children: 20, pathMax: 300, urlMax: 500 } as const;

/** Ids are the server's (seeded) or the console's own (`m-` and random letters); kept across saves. */
export const menuIdPattern = /^[A-Za-z0-9_-]{1,40}$/;

const id = z.string().max(40);
const link = {
  path: z.string().max(menuLimits.pathMax).optional(),
  url: z.string().max(menuLimits.urlMax).optional(),
  boardCode: z.string().max(40).optional(),
};

/** One entry of `GET /api/menu` below the top level (a link: no children of its own). */
export const menuLink = z.object({
  id: z.string(),
  label: z.string(),
  ...link,
  hidden: z.boolean(),
  // Always empty: the header has two levels.
  children: z.array(z.never()),
});
/** One top-level entry of `GET /api/menu`. */
export const menuEntry = menuLink.extend({
  boardArea: area.optional(),
  children: z.array(menuLink),
});
export type MenuLinkEntry = z.infer<typeof menuLink>;
export type MenuEntry = z.infer<typeof menuEntry>;

/**
 * `GET /api/menu`: the header menu, hidden entries included (the header leaves them out, the
 * console shows them), with the boards no entry places in their area's group. `revision` is what
 * a save must name (a save over a newer one is refused, 409).
 */
export const menu = z.object({ revision: z.number().int(), items: z.array(menuEntry) });
export type Menu = z.infer<typeof menu>;

// What a save sends: the same entries. The shape allows a third level and any strings so that
// checkMenu (below) refuses them with a sentence about the field, not zod's generic one.
const inputFields = { id, label: z.string().max(200), ...link, hidden: z.boolean().default(false), boardArea: area.optional() };
const thirdLevel = z.object({ ...inputFields, children: z.array(z.unknown()).max(0, menuMessages.tooDeep).optional() });
const secondLevel = z.object({ ...inputFields, children: z.array(thirdLevel).max(menuLimits.children, menuMessages.tooMany).optional() });
const topLevel = z.object({ ...inputFields, children: z.array(secondLevel).max(menuLimits.children, menuMessages.tooMany).optional() });

/** `PUT /api/admin/menu`: the whole menu, based on `revision` (what the editor read). */
export const menuUpdate = z.object({
  revision: z.number().int().min(0),
  items: z.array(topLevel).max(menuLimits.topLevel, menuMessages.tooMany),
});
export type MenuUpdate = z.input<typeof menuUpdate>;

/** An entry as a save sends it (any level), for checkMenu. */
export interface MenuInputEntry {
  id: string;
  label: string;
  hidden?: boolean;
  path?: string;
  url?: string;
  boardCode?: string;
  boardArea?: Area;
  children?: MenuInputEntry[];
}

/** A refusal of checkMenu: the sentence and the field it is about (`items.2.children.0.label`). */
export interface MenuProblem {
  field: string;
  message: string;
}

/** A path of this site: one leading slash (not `//host`, not `/\host`), no spaces or control characters. */
export function isSitePath(path: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(path) && ![...path].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
}

/** An http or https address with a host. */
export function isWebUrl(url: string): boolean {
  if (/\s/.test(url)) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The rules of a menu a save must pass, in the order a reader fixes them: the first problem, with
 * its field, or null. The console runs it before sending; the server runs it again (and checks the
 * board codes against the boards). `boardExists` is the server's; the console passes none.
 */
export function checkMenu(items: readonly MenuInputEntry[], boardExists?: (boardCode: string) => boolean): MenuProblem | null {
  const seen = new Set<string>();
  const areas = new Set<string>();
  function check(entry: MenuInputEntry, field: string, depth: number, ancestors: readonly string[]): MenuProblem | null {
    if (!menuIdPattern.test(entry.id)) return { field: `${field}.id`, message: menuMessages.idFormat };
    if (ancestors.includes(entry.id)) return { field: `${field}.id`, message: menuMessages.ownAncestor };
    if (seen.has(entry.id)) return { field: `${field}.id`, message: menuMessages.duplicateId };
    seen.add(entry.id);
    const label = entry.label.trim();
    if (label === '') return { field: `${field}.label`, message: menuMessages.labelRequired };
    if (label.length > menuLimits.labelMax) return { field: `${field}.label`, message: menuMessages.labelTooLong };
    const children = entry.children ?? [];
    if (depth > 2 || (depth === 2 && children.length > 0)) return { field: `${field}.children`, message: menuMessages.tooDeep };
    // A board link's path is the one the server wrote from the board (GET's answer sent back as it is).
    const path = entry.boardCode ? undefined : entry.path;
    const links = [path, entry.url, entry.boardCode].filter((value) => value !== undefined && value !== '');
    if (links.length > 1) return { field, message: menuMessages.oneLink };
    if (children.length > 0 && links.length > 0) return { field, message: menuMessages.groupWithLink };
    if (depth === 2 && links.length === 0) return { field: `${field}.path`, message: menuMessages.linkRequired };
    if (path && !isSitePath(path)) return { field: `${field}.path`, message: menuMessages.badPath };
    if (entry.url && !isWebUrl(entry.url)) return { field: `${field}.url`, message: menuMessages.badUrl };
    if (entry.boardCode && boardExists && !boardExists(entry.boardCode)) return { field: `${field}.boardCode`, message: menuMessages.unknownBoard };
    if (entry.boardArea !== undefined) {
      if (depth !== 1 || links.length > 0) return { field: `${field}.boardArea`, message: menuMessages.boardAreaOnGroup };
      if (areas.has(entry.boardArea)) return { field: `${field}.boardArea`, message: menuMessages.boardAreaTaken };
      areas.add(entry.boardArea);
    }
    for (const [i, child] of children.entries()) {
      const problem = check(child, `${field}.children.${i}`, depth + 1, [...ancestors, entry.id]);
      if (problem) return problem;
    }
    return null;
  }
  for (const [i, entry] of items.entries()) {
    const problem = check(entry, `items.${i}`, 1, []);
    if (problem) return problem;
  }
  return null;
}
