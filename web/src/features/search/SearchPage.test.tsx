import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { popularSearchList, searchAnswer, type SearchAnswer } from '@contract/search';
import { ok, refuse, stubApi } from '@web/test/api-stub';
import { renderScreen } from '@web/test/render-screen';
import { Component as SearchPage } from './SearchPage';

/** The /search screen (issue 23) with the API's answers given: tabs, marks, paging, sort and period in the address, empty and error states. */
const answer = (overrides: Partial<SearchAnswer> = {}) =>
  searchAnswer.parse({
    keyword: '환자',
    counts: [
      { group: 'notice', total: 1000, capped: true },
      { group: 'community', total: 0, capped: false },
      { group: 'page', total: 1, capped: false },
      { group: 'faq', total: 0, capped: false },
    ],
    results: [
      {
        group: 'notice', source: '공지사항', path: '/Nids/notice/View/7', date: '2026-11-30T10:00:00+09:00',
        title: [{ text: '환자', mark: true }, { text: '등록 안내', mark: false }],
        snippet: [{ text: '<b>본문</b>의 ', mark: false }, { text: '환자', mark: true }],
      },
      {
        group: 'page', source: '사업 소개', path: '/nids/intro', date: '2026-11-01T00:00:00+09:00',
        title: [{ text: '사업 소개', mark: false }], snippet: [{ text: '환자', mark: true }, { text: '를 보호합니다', mark: false }],
      },
    ],
    totalElements: 1001, totalPages: 1, page: 1, size: 3,
    ...overrides,
  });

function stub(search: Parameters<typeof stubApi>[0][string]) {
  stubApi({ 'GET /api/search': search, 'GET /api/search/popular': ok(popularSearchList.parse({ terms: ['인공관절', '심장'] })) });
}

describe('the search screen', () => {
  it('shows each group with its count, the matched words in <mark> and text as text, never as HTML', async () => {
    stub(ok(answer()));
    renderScreen(SearchPage, { path: 'search', url: '/search?keyword=%ED%99%98%EC%9E%90' });
    const tabs = await screen.findByRole('navigation', { name: '검색 결과 분류' });
    expect(within(tabs).getByRole('link', { name: /^통합/ })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: /^공지·자료 1,000\+/ })).toHaveAttribute('href', '/search?keyword=%ED%99%98%EC%9E%90&group=notice');
    const notice = screen.getByRole('region', { name: /공지·자료/ });
    const link = within(notice).getByRole('link', { name: /^환자\s?등록 안내$/ });
    expect(link).toHaveAttribute('href', '/Nids/notice/View/7');
    expect(link.querySelector('mark')).toHaveTextContent('환자');
    expect(within(notice).getByText((_, el) => el?.tagName === 'P' && el.textContent === '<b>본문</b>의 환자')).toBeInTheDocument();
    expect(notice.querySelector('b')).toBeNull();
    expect(within(notice).getByRole('link', { name: '공지·자료 결과 더보기' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /페이지/ })).toHaveTextContent('를 보호합니다');
    expect(screen.queryByRole('region', { name: /커뮤니티/ })).toBeNull();
    expect(screen.getByRole('link', { name: '1 인공관절' })).toHaveAttribute('href', '/search?keyword=%EC%9D%B8%EA%B3%B5%EA%B4%80%EC%A0%88');
  });

  it('asks for the group, sort, period and page the address says, and changes them there', async () => {
    let asked: URLSearchParams | undefined;
    stub((call) => {
      asked = call.query;
      return ok(answer({ totalElements: 1000, totalPages: 100, page: 2, size: 10, results: answer().results.slice(0, 1) }));
    });
    const { user, router } = renderScreen(SearchPage, { path: 'search', url: '/search?keyword=x&group=notice&sort=newest&period=week&page=2' });
    expect(await screen.findByRole('navigation', { name: '페이지 이동' })).toBeInTheDocument();
    expect(Object.fromEntries(asked!)).toMatchObject({ keyword: 'x', group: 'notice', sort: 'newest', period: 'week', page: '2' });
    await user.selectOptions(screen.getByLabelText('기간'), '1년');
    expect(router.state.location.search).toBe('?keyword=x&group=notice&sort=newest&period=year');
  });

  it('says so when nothing matches', async () => {
    stub(ok(answer({ results: [], counts: answer().counts.map((c) => ({ ...c, total: 0, capped: false })), totalElements: 0 })));
    renderScreen(SearchPage, { path: 'search', url: '/search?keyword=zzz' });
    expect(await screen.findByText('검색 결과가 없습니다.')).toBeInTheDocument();
  });

  it('shows a refusal as an alert', async () => {
    stub(refuse(400, 'BAD_REQUEST', '검색어는 100자 이내로 입력해주세요.'));
    renderScreen(SearchPage, { path: 'search', url: '/search?keyword=abc' });
    expect(await screen.findByRole('alert')).toHaveTextContent('검색어는 100자 이내로 입력해주세요.');
  });

  it('asks for a keyword before searching', async () => {
    stub(ok(answer()));
    renderScreen(SearchPage, { path: 'search', url: '/search' });
    expect(await screen.findByText('찾으실 검색어를 입력해주세요.')).toBeInTheDocument();
  });
});
