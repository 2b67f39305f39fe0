import { paths, type Area, type BoardMenuEntry, type Menu, type MenuEntry, type MenuInputEntry, type MenuLinkEntry } from '@contract';

/**
 * The header menu's tree, without the database (docs/decisions/0027-menu-as-data.md): what is kept
 * (`StoredEntry`, the `site_menu.items` JSON), what `GET /api/menu` answers (the kept entries with
 * the boards' paths and the boards no entry places), and the short account of a save.
 */

/** One entry as `site_menu.items` keeps it. A board link keeps its code, never a path. */
export interface StoredEntry {
  id: string;
  label: string;
  hidden: boolean;
  path?: string;
  url?: string;
  boardCode?: string;
  /** On a top-level group: the area whose boards no entry places are listed after its own links. */
  boardArea?: Area;
  children: StoredEntry[];
}

type Board = Pick<BoardMenuEntry, 'boardCode' | 'area' | 'name' | 'listStyle' | 'sortOrder'>;

/** Where a board's menu link leads: its list, or for an inquiry board its form (spec §2 /nids/contactus/write/NEW). */
export function boardPath(board: Pick<Board, 'area' | 'boardCode' | 'listStyle'>): string {
  return board.listStyle === 'inquiry' ? paths.boardWrite(board.area, board.boardCode) : paths.boardList(board.area, board.boardCode);
}

/** Every entry, depth first. */
export function flatten(items: readonly StoredEntry[]): StoredEntry[] {
  return items.flatMap((entry) => [entry, ...flatten(entry.children)]);
}

/**
 * What a save keeps of checked entries (contract checkMenu passed): trimmed labels, one link each,
 * a board link's server-written path dropped, and no empty fields.
 */
export function toStored(items: readonly MenuInputEntry[]): StoredEntry[] {
  return items.map((entry) => {
    const stored: StoredEntry = { id: entry.id, label: entry.label.trim(), hidden: entry.hidden ?? false, children: [] };
    if (entry.boardCode) stored.boardCode = entry.boardCode;
    else if (entry.url) stored.url = entry.url;
    else if (entry.path) stored.path = entry.path;
    if (entry.boardArea) stored.boardArea = entry.boardArea;
    stored.children = toStored(entry.children ?? []);
    return stored;
  });
}

/**
 * `GET /api/menu` from the kept entries and the boards (in the boards' order): a board link gets
 * its board's path (one whose board is gone is left out), and a group with `boardArea` lists after
 * its own links every board of that area that no entry places, as the menu has done since boards
 * could be made in the console. Board codes compare in any case, as the routes do.
 */
export function publicMenu(revision: number, stored: readonly StoredEntry[], boards: readonly Board[]): Menu {
  const byCode = new Map(boards.map((b) => [b.boardCode.toLowerCase(), b]));
  const all = flatten(stored);
  const placed = new Set(all.flatMap((e) => (e.boardCode ? [e.boardCode.toLowerCase()] : [])));
  const ids = new Set(all.map((e) => e.id));
  const ordered = [...boards].sort((a, b) => a.sortOrder - b.sortOrder || a.boardCode.localeCompare(b.boardCode));

  /** The entry's link fields as answered, or null when it links a board that is gone. */
  function link(entry: StoredEntry): Pick<MenuLinkEntry, 'path' | 'url' | 'boardCode'> | null {
    if (entry.boardCode) {
      const board = byCode.get(entry.boardCode.toLowerCase());
      return board ? { boardCode: board.boardCode, path: boardPath(board) } : null;
    }
    if (entry.url) return { url: entry.url };
    if (entry.path) return { path: entry.path };
    return {};
  }
  function autoEntry(board: Board): MenuLinkEntry {
    // A made-up id that no kept entry has: saved as it is, the entry then places the board.
    let id = `board-${board.boardCode}`;
    for (let n = 2; ids.has(id); n++) id = `board-${board.boardCode}-${n}`;
    ids.add(id);
    return { id, label: board.name, boardCode: board.boardCode, path: boardPath(board), hidden: false, children: [] };
  }

  const items: MenuEntry[] = [];
  for (const top of stored) {
    const own = link(top);
    if (!own) continue;
    const children: MenuLinkEntry[] = [];
    for (const child of top.children) {
      const childLink = link(child);
      if (childLink) children.push({ id: child.id, label: child.label, ...childLink, hidden: child.hidden, children: [] });
    }
    if (top.boardArea) {
      for (const board of ordered) if (board.area === top.boardArea && !placed.has(board.boardCode.toLowerCase())) children.push(autoEntry(board));
    }
    items.push({ id: top.id, label: top.label, ...own, hidden: top.hidden, ...(top.boardArea ? { boardArea: top.boardArea } : {}), children });
  }
  return { revision, items };
}

/** At most this many labels per kind of change in a record's detail. */
const DETAIL_MAX = 20;

/**
 * A save in a reviewer's words, for its access record: the entries added, removed, renamed,
 * hidden, shown and moved (by label), and one line saying how many of each.
 */
export function describeChange(before: readonly StoredEntry[], after: readonly StoredEntry[]): Record<string, unknown> {
  const place = (items: readonly StoredEntry[]) => {
    const map = new Map<string, { entry: StoredEntry; parent: string | null; index: number }>();
    const walk = (list: readonly StoredEntry[], parent: string | null) =>
      list.forEach((entry, index) => {
        map.set(entry.id, { entry, parent, index });
        walk(entry.children, entry.id);
      });
    walk(items, null);
    return map;
  };
  const was = place(before);
  const now = place(after);
  const added: string[] = [];
  const removed: string[] = [];
  const renamed: string[] = [];
  const hidden: string[] = [];
  const shown: string[] = [];
  const moved: string[] = [];
  const relinked: string[] = [];
  for (const [id, { entry, parent, index }] of now) {
    const old = was.get(id);
    if (!old) {
      added.push(entry.label);
      continue;
    }
    if (old.entry.label !== entry.label) renamed.push(`${old.entry.label} → ${entry.label}`);
    if (!old.entry.hidden && entry.hidden) hidden.push(entry.label);
    if (old.entry.hidden && !entry.hidden) shown.push(entry.label);
    if (old.parent !== parent || old.index !== index) moved.push(entry.label);
    const linkOf = (e: StoredEntry) => JSON.stringify([e.path ?? null, e.url ?? null, e.boardCode ?? null, e.boardArea ?? null]);
    if (linkOf(old.entry) !== linkOf(entry)) relinked.push(entry.label);
  }
  for (const [id, { entry }] of was) if (!now.has(id)) removed.push(entry.label);
  const kinds = { added, removed, renamed, hidden, shown, moved, relinked };
  const words: Record<keyof typeof kinds, string> = {
    added: '추가', removed: '삭제', renamed: '이름 변경', hidden: '숨김', shown: '보이기', moved: '위치 변경', relinked: '링크 변경',
  };
  const counted = (Object.keys(kinds) as (keyof typeof kinds)[]).filter((k) => kinds[k].length > 0);
  const detail: Record<string, unknown> = {
    summary: counted.length ? counted.map((k) => `${words[k]} ${kinds[k].length}`).join(', ') : '변경 없음',
  };
  for (const k of counted) detail[k] = kinds[k].slice(0, DETAIL_MAX);
  return detail;
}
