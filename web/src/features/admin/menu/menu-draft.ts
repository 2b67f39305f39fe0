import type { FieldErrors } from 'react-hook-form';
import { checkMenu, type Area, type Menu, type MenuInputEntry, type MenuLinkEntry } from '@contract';

/**
 * The menu editor's values (issue 22): each entry with the kind of link it has, so the form shows
 * the one field that kind needs; to and from the body of `PUT /api/admin/menu`.
 */
export type EntryKind = 'group' | 'path' | 'board' | 'url';
/** A link under a group (the header has two levels). */
export interface LinkDraft {
  id: string;
  label: string;
  hidden: boolean;
  kind: EntryKind;
  path: string;
  url: string;
  boardCode: string;
  /** A group's board area ('' for none): new boards of the area join the group. */
  boardArea: Area | '';
}
/** A top-level entry: a group with its links, or a link of its own. */
export interface EntryDraft extends LinkDraft {
  children: LinkDraft[];
}
export interface MenuValues {
  items: EntryDraft[];
}

function kindOf(entry: Pick<MenuLinkEntry, 'boardCode' | 'url' | 'path'>): EntryKind {
  if (entry.boardCode) return 'board';
  if (entry.url) return 'url';
  if (entry.path) return 'path';
  return 'group';
}

function toLinkDraft(entry: Menu['items'][number] | MenuLinkEntry): LinkDraft {
  return {
    id: entry.id,
    label: entry.label,
    hidden: entry.hidden,
    kind: kindOf(entry),
    path: entry.boardCode ? '' : (entry.path ?? ''),
    url: entry.url ?? '',
    boardCode: entry.boardCode ?? '',
    boardArea: ('boardArea' in entry && entry.boardArea) || '',
  };
}

export const toValues = (menu: Menu): MenuValues => ({
  items: menu.items.map((entry) => ({ ...toLinkDraft(entry), children: entry.children.map(toLinkDraft) })),
});

function toEntry(draft: LinkDraft & { children?: LinkDraft[] }): MenuInputEntry {
  const entry: MenuInputEntry = { id: draft.id, label: draft.label, hidden: draft.hidden };
  if (draft.kind === 'path') entry.path = draft.path.trim();
  if (draft.kind === 'url') entry.url = draft.url.trim();
  if (draft.kind === 'board') entry.boardCode = draft.boardCode;
  if (draft.boardArea) entry.boardArea = draft.boardArea;
  entry.children = (draft.children ?? []).map(toEntry);
  return entry;
}

export const toItems = (values: MenuValues): MenuInputEntry[] => values.items.map(toEntry);

/** An id for a new entry: the console's own, kept from then on (contract menuIdPattern). */
export function newEntryId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `m-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export function newLink(kind: EntryKind): LinkDraft {
  return { id: newEntryId(), label: '', hidden: false, kind, path: kind === 'path' ? '/' : '', url: kind === 'url' ? 'https://' : '', boardCode: '', boardArea: '' };
}
export const newGroup = (): EntryDraft => ({ ...newLink('group'), children: [] });

/**
 * The form field a problem's field (`items.1.children.0.url`, contract checkMenu or the server's
 * refusal) is shown at: the link's own field, else the entry's name (an id or the entry as a
 * whole is not a field of the form). Null for a field outside the items.
 */
export function formFieldOf(field: string): string | null {
  const match = /^(items\.\d+(?:\.children\.\d+)?)(?:\.(.*))?$/.exec(field);
  if (!match) return null;
  const [, entry, rest] = match;
  if (rest === 'path' || rest === 'url' || rest === 'boardCode' || rest === 'boardArea' || rest === 'label') return `${entry}.${rest}`;
  return `${entry}.label`;
}

/** react-hook-form's errors with `message` at the dotted `path` (nested objects, as its own are). */
function errorAt(path: string, message: string): FieldErrors<MenuValues> {
  const root: Record<string, unknown> = {};
  let node = root;
  const keys = path.split('.');
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys.at(-1)!] = { type: 'menu', message };
  return root as FieldErrors<MenuValues>;
}

/** The form's resolver: the contract's rules (checkMenu), the first problem at its field. */
export function menuResolver(values: MenuValues) {
  const problem = checkMenu(toItems(values));
  const at = problem && formFieldOf(problem.field);
  if (!problem || !at) return { values, errors: {} };
  return { values: {}, errors: errorAt(at, problem.message) };
}
