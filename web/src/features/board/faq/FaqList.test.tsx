import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { board as boardSchema, boardItemPage, routePatterns, type BoardItemSummary } from '@contract';
import { ok, stubApi, type ApiCall } from '@web/test/api-stub';
import { renderScreen } from '@web/test/render-screen';
import { Component as BoardListPage } from '../routes/BoardListPage';
import { groupFaq } from './faq-groups';

/**
 * Issue 22, the FAQ board's list: questions under the board's categories, each an accordion
 * (a button with aria-expanded and aria-controls inside a heading, its answer a region named by
 * the question), all closed at first, opened and closed by Enter and Space; a search keeps the
 * grouping. The screen is the real list screen, its API answers parsed by the contract.
 */

const faqBoard = boardSchema.parse({
  boardCode: 'faq', area: 'Nids', name: '자주 묻는 질문', description: '', listStyle: 'faq', allowAttachments: true, useComments: false,
  pageSize: 50, maxFiles: 5, maxFileSize: 1, maxImageSize: 1, categories: ['환자', '의료기관', '등록시스템'],
  permissions: { list: true, read: true, write: false, comment: false, download: true, manage: false },
});

function question(itemNo: number, category: string | null, title: string, content: string, isNotice = false): BoardItemSummary {
  return {
    boardCode: 'faq', itemNo, title, category, writerName: '등록관리팀', createdDate: '2026-11-20T10:00:00+09:00',
    modifiedDate: '2026-11-20T10:00:00+09:00', viewCount: 0, commentCount: 0, fileCount: 0, thumbnailUrl: null, isNotice,
    showItemToMain: false, isSecret: false, content, files: [], answeredDate: null,
  };
}

const q1 = question(1, '환자', '등록 대상은 무엇인가요?', '<p>인공관절과 심장박동기 등입니다.</p>');
const q2 = question(2, '환자', '회수 통보를 받았습니다.', '<p>수술받은 병원에 연락하세요.</p>');
const q3 = question(3, '의료기관', '병원은 어떻게 참여하나요?', '<p>누리집 하단의 연락처로 신청하세요.</p>');
const q4 = question(4, null, '분류 없는 질문', '<p>기타 답변</p>');

const page = (content: BoardItemSummary[], notices: BoardItemSummary[] = []) =>
  boardItemPage.parse({ content, notices, totalElements: content.length, totalCapped: false, totalPages: 1, page: 1, size: 50 });

function open(url = '/Nids/faq/List') {
  const api = stubApi({
    'GET /api/board/faq': ok(faqBoard),
    // The list answer newest first, as the server sends it; the screen lays the questions out.
    'GET /api/board-item': (call: ApiCall) =>
      call.query.get('keyword') === '회수' ? ok(page([q2])) : ok(page([q4, q3, q2], [q1])),
  });
  return { api, ...renderScreen(BoardListPage, { path: routePatterns.boardList.slice(1), url }) };
}

const categoryNames = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('the FAQ list', () => {
  it('groups the questions under the board categories in its order, the unfiled last, each question a button in an h3', async () => {
    const { api } = open();
    await screen.findByRole('button', { name: /등록 대상은 무엇인가요/ });
    expect(categoryNames()).toEqual(['환자', '의료기관', '기타']);
    const questions = screen.getAllByRole('heading', { level: 3 });
    // Within 환자 the pinned question, then by the order written (item number), not newest first.
    expect(questions.map((h) => h.textContent)).toEqual([
      expect.stringContaining('등록 대상은 무엇인가요?'),
      expect.stringContaining('회수 통보를 받았습니다.'),
      expect.stringContaining('병원은 어떻게 참여하나요?'),
      expect.stringContaining('분류 없는 질문'),
    ]);
    for (const heading of questions) expect(within(heading).getByRole('button')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    // One list call, the same query as every board's plain list (the first-load data holds its
    // answer), answers included: opening a question asks for nothing more.
    const [list, ...more] = api.callsTo('GET /api/board-item');
    expect(more).toHaveLength(0);
    expect(Object.fromEntries(list!.query)).toEqual({ boardCode: 'faq', page: '1', pinNotices: 'true', sort: 'createdDate,DESC' });
  });

  it('starts with every answer closed, each button tied to its region and the region named by its question', async () => {
    open();
    const buttons = await screen.findAllByRole('button', { expanded: false });
    const questionButtons = buttons.filter((b) => b.closest('.faq'));
    expect(questionButtons).toHaveLength(4);
    for (const button of questionButtons) {
      expect(button).toHaveAttribute('aria-expanded', 'false');
      const region = document.getElementById(button.getAttribute('aria-controls')!)!;
      expect(region).toHaveAttribute('role', 'region');
      expect(region).toHaveAttribute('aria-labelledby', button.id);
      expect(region).not.toBeVisible();
    }
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('opens and closes an answer with Enter and Space, leaving the others closed', async () => {
    const { user, api } = open();
    const button = await screen.findByRole('button', { name: /회수 통보를 받았습니다/ });
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const answer = screen.getByRole('region', { name: /회수 통보를 받았습니다/ });
    expect(answer).toBeVisible();
    expect(answer).toHaveTextContent('수술받은 병원에 연락하세요.');
    expect(within(answer).getByRole('link', { name: '이 질문 따로 보기' })).toHaveAttribute('href', '/Nids/faq/View/2');
    expect(screen.getAllByRole('region')).toHaveLength(1);
    expect(button).toHaveFocus();

    await user.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region')).toBeNull();

    await user.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(api.callsTo('GET /api/board-item')).toHaveLength(1);
  });

  it('a search asks the board search and keeps the grouping, showing only the categories it found something in', async () => {
    const { api } = open(`/Nids/faq/List?searchType=titleContent&keyword=${encodeURIComponent('회수')}`);
    await screen.findByRole('button', { name: /회수 통보를 받았습니다/ });
    expect(api.callsTo('GET /api/board-item').at(-1)!.query.get('keyword')).toBe('회수');
    expect(categoryNames()).toEqual(['환자']);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(1);
    await waitFor(() => expect(screen.getByText(/검색 결과/)).toHaveTextContent('검색 결과 1건'));
  });
});

describe('groupFaq', () => {
  it('lists a board without categories as one unnamed group, and a question pinned on both lists once', () => {
    expect(groupFaq([], [q1], [q3, q1])).toEqual([{ category: null, questions: [q1, q3] }]);
  });

  it('files a question under a category the board no longer has with the unfiled', () => {
    const moved = question(9, '없어진 분류', '옛 분류의 질문', '<p>답</p>');
    expect(groupFaq(['환자'], [], [moved, q2])).toEqual([
      { category: '환자', questions: [q2] },
      { category: null, questions: [moved] },
    ]);
  });
});
