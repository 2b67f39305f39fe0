import { boardAreas, isAtOrUnder, paths, routePatterns, screenPattern, type MenuEntry, type MenuLinkEntry } from '@contract';

/**
 * The header menu as the header shows it, from `GET /api/menu` (issue 22: the menu is data that
 * staff edit in the console; docs/decisions/0027-menu-as-data.md). Hidden entries are left out; a
 * top-level entry with links is a group (a disclosure button), one with a link of its own is a link
 * on the top row, one with neither is not shown.
 */

/** A link of the menu: a screen of this site (`to`) or an external address (`href`, a new window). */
export interface MenuLink {
  id: string;
  label: string;
  to?: string;
  href?: string;
  /** The board the link opens: its list, posts and write screen are "here" in the menu. */
  boardCode?: string;
}
export interface MenuGroup {
  id: string;
  label: string;
  /** The group's links; none for a top-level link (`link`). */
  links: MenuLink[];
  link?: MenuLink;
}

/** The inquiry form (spec §2: the suggestions and inquiries board, written to from the menu and the footer). */
export const inquiryFormPath = paths.boardWrite(boardAreas.contactus!, 'contactus');

export const footerLinks = { terms: paths.terms, privacy: paths.privacy };

function linkOf(entry: MenuEntry | MenuLinkEntry): MenuLink | null {
  if (entry.url) return { id: entry.id, label: entry.label, href: entry.url };
  if (entry.path) return { id: entry.id, label: entry.label, to: entry.path, ...(entry.boardCode ? { boardCode: entry.boardCode } : {}) };
  return null;
}

/** The visible groups and top-level links of the menu's entries. */
export function headerGroups(items: readonly MenuEntry[]): MenuGroup[] {
  const groups: MenuGroup[] = [];
  for (const entry of items) {
    if (entry.hidden) continue;
    const links = entry.children.filter((child) => !child.hidden).flatMap((child) => linkOf(child) ?? []);
    if (links.length > 0) {
      groups.push({ id: entry.id, label: entry.label, links });
      continue;
    }
    const own = entry.children.length === 0 ? linkOf(entry) : null;
    if (own) groups.push({ id: entry.id, label: entry.label, links: [], link: own });
  }
  return groups;
}

/** A board's screens: its list, its posts and its write screen. */
const boardScreens = [routePatterns.boardList, routePatterns.boardView, routePatterns.boardWrite].map((pattern) => screenPattern(pattern));

/** The code of the board whose screen is at `pathname` (as typed), or null for other screens. */
function boardAt(pathname: string): string | null {
  for (const pattern of boardScreens) {
    const match = pattern.exec(pathname);
    if (match) return match[2]!;
  }
  return null;
}

/** Whether the screen at `pathname` is the link's (a board link: any screen of its board, codes in any case). */
function isHere(link: MenuLink, pathname: string, board: string | null): boolean {
  if (link.boardCode) return board !== null && board.toLowerCase() === link.boardCode.toLowerCase();
  return link.to !== undefined && isAtOrUnder(link.to, pathname);
}

/**
 * The menu group the screen at `pathname` belongs to (a board's list, posts and write screen all
 * belong to the board's group; a site link's screen and the screens under it to the link's), or
 * null for screens outside the menu (home, terms, My page).
 */
export function currentGroupId(groups: readonly MenuGroup[], pathname: string): string | null {
  const board = boardAt(pathname);
  for (const group of groups) {
    const links = group.link ? [group.link] : group.links;
    if (links.some((link) => isHere(link, pathname, board))) return group.id;
  }
  return null;
}
