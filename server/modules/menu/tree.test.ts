import { describe, expect, it } from 'vitest';
import { checkMenu, menuMessages as m, type BoardMenuEntry, type MenuInputEntry } from '@contract';
import { headerMenuSeed } from './seed';
import { describeChange, publicMenu, toStored, type StoredEntry } from './tree';

const board = (boardCode: string, area: BoardMenuEntry['area'], sortOrder: number, listStyle: BoardMenuEntry['listStyle'] = 'list'): BoardMenuEntry => ({
  boardCode, area, name: `${boardCode} 게시판`, listStyle, sortOrder,
});
const link = (id: string, over: Partial<MenuInputEntry> = {}): MenuInputEntry => ({ id, label: id, path: `/nids/${id}`, ...over });
const group = (id: string, children: MenuInputEntry[], over: Partial<MenuInputEntry> = {}): MenuInputEntry => ({ id, label: id, children, ...over });

describe('checkMenu: what a save must pass', () => {
  it('passes the seeded menu and the answer of GET sent back as it is', () => {
    expect(checkMenu(headerMenuSeed)).toBeNull();
    const answer = publicMenu(3, headerMenuSeed, [board('notice', 'Nids', 1), board('contactus', 'Nids', 2, 'inquiry'), board('extra', 'Nids', 9)]);
    expect(checkMenu(answer.items)).toBeNull();
  });

  it('refuses an empty label, at its field', () => {
    expect(checkMenu([group('a', [link('b', { label: '  ' })])])).toEqual({ field: 'items.0.children.0.label', message: m.labelRequired });
    expect(checkMenu([group('a', [], { label: '' })])).toEqual({ field: 'items.0.label', message: m.labelRequired });
    expect(checkMenu([group('a', [], { label: '가'.repeat(31) })])).toEqual({ field: 'items.0.label', message: m.labelTooLong });
  });

  it('refuses an entry that is its own ancestor and ids used twice', () => {
    expect(checkMenu([group('a', [link('a')])])).toEqual({ field: 'items.0.children.0.id', message: m.ownAncestor });
    expect(checkMenu([group('a', [link('b')]), group('c', [link('b')])])).toEqual({ field: 'items.1.children.0.id', message: m.duplicateId });
    expect(checkMenu([group('a b', [])])?.message).toBe(m.idFormat);
  });

  it('refuses a third level, a group with a link and a link without one', () => {
    expect(checkMenu([group('a', [group('b', [link('c')])])])).toEqual({ field: 'items.0.children.0.children', message: m.tooDeep });
    expect(checkMenu([group('a', [link('b')], { path: '/nids/intro' })])).toEqual({ field: 'items.0', message: m.groupWithLink });
    expect(checkMenu([group('a', [link('b', { path: undefined })])])).toEqual({ field: 'items.0.children.0.path', message: m.linkRequired });
    expect(checkMenu([group('a', [link('b', { url: 'https://a.kr' })])])).toEqual({ field: 'items.0.children.0', message: m.oneLink });
  });

  it('takes site paths and http(s) addresses only', () => {
    const withPath = (path: string) => checkMenu([group('a', [link('b', { path })])])?.message ?? null;
    const withUrl = (url: string) => checkMenu([group('a', [link('b', { path: undefined, url })])])?.message ?? null;
    expect(withPath('/nids/intro')).toBeNull();
    expect(withPath('/Nids/notice/List/?page=2#top')).toBeNull();
    for (const bad of ['//evil.example/x', '/\\evil.example', 'nids/intro', 'javascript:alert(1)', '/a b', 'https://a.kr/']) expect(withPath(bad), bad).toBe(m.badPath);
    expect(withUrl('https://www.mfds.go.kr/')).toBeNull();
    expect(withUrl('http://127.0.0.1:8080/a?b=c')).toBeNull();
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'ftp://a.kr/', '/nids/intro', 'https://', 'https://a.kr/ b']) expect(withUrl(bad), bad).toBe(m.badUrl);
  });

  it('checks board codes when told the boards, and lets a board area be claimed once, by a top-level group', () => {
    expect(checkMenu([group('a', [link('b', { path: undefined, boardCode: 'nope' })])], (code) => code === 'notice')).toEqual({
      field: 'items.0.children.0.boardCode', message: m.unknownBoard,
    });
    expect(checkMenu([group('a', [], { boardArea: 'Nids' }), group('b', [], { boardArea: 'Nids' })])).toEqual({ field: 'items.1.boardArea', message: m.boardAreaTaken });
    expect(checkMenu([group('a', [link('b', { boardArea: 'Nids' })])])).toEqual({ field: 'items.0.children.0.boardArea', message: m.boardAreaOnGroup });
  });
});

describe('publicMenu: the answer of GET /api/menu', () => {
  const stored: StoredEntry[] = toStored([
    group('news', [link('n1', { path: undefined, boardCode: 'NOTICE' }), link('gone', { path: undefined, boardCode: 'removed' }), link('ext', { path: undefined, url: 'https://a.kr/' })], { boardArea: 'Nids' }),
    group('hiddenBoard', [link('h', { path: undefined, boardCode: 'qna', hidden: true })]),
  ]);
  const boards = [board('notice', 'Nids', 1), board('qna', 'Nids', 3), board('events', 'Nids', 2), board('talk', 'Member', 4), board('form', 'Nids', 5, 'inquiry')];
  const answer = publicMenu(7, stored, boards);

  it('writes board links\' paths from the boards, and leaves out links to boards that are gone', () => {
    expect(answer.revision).toBe(7);
    expect(answer.items[0]!.children.slice(0, 2)).toEqual([
      { id: 'n1', label: 'n1', boardCode: 'notice', path: '/Nids/notice/List/', hidden: false, children: [] },
      { id: 'ext', label: 'ext', url: 'https://a.kr/', hidden: false, children: [] },
    ]);
  });

  it('lists the area\'s boards no entry places (a hidden entry places its board) after the group\'s links; other areas without a group are left out', () => {
    expect(answer.items[0]!.children.slice(2).map((c) => [c.id, c.path])).toEqual([
      ['board-events', '/Nids/events/List/'],
      ['board-form', '/Nids/form/Write/NEW'],
    ]);
    expect(JSON.stringify(answer)).not.toContain('talk');
    expect(answer.items[1]!.children).toEqual([{ id: 'h', label: 'h', boardCode: 'qna', path: '/Nids/qna/List/', hidden: true, children: [] }]);
  });

  it('gives a listed board an id no entry has', () => {
    const taken = publicMenu(1, toStored([group('board-events', [], { boardArea: 'Nids' })]), [board('events', 'Nids', 1)]);
    expect(taken.items[0]!.children.map((c) => c.id)).toEqual(['board-events-2']);
  });
});

describe('describeChange: a save in a reviewer\'s words', () => {
  it('names what was added, removed, renamed, hidden, shown and moved', () => {
    const before = toStored([group('a', [link('a1'), link('a2'), link('a3', { hidden: true })]), group('b', [link('b1')])]);
    const after = toStored([group('a', [link('a2', { label: '새 이름' }), link('a1', { hidden: true }), link('a3'), link('new')])]);
    expect(describeChange(before, after)).toEqual({
      summary: '추가 1, 삭제 2, 이름 변경 1, 숨김 1, 보이기 1, 위치 변경 2',
      added: ['new'],
      removed: ['b', 'b1'],
      renamed: ['a2 → 새 이름'],
      hidden: ['a1'],
      shown: ['a3'],
      moved: ['새 이름', 'a1'],
    });
    expect(describeChange(before, before)).toEqual({ summary: '변경 없음' });
  });
});
