import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentView, contentVersionList } from '@contract/content';
import { ok, refuse, stubApi } from '@web/test/api-stub';
import { demoSiteInfo } from '@web/test/fixtures';
import { renderScreen } from '@web/test/render-screen';
import { initialContent } from '@server/seed/content';
import { Component as PrivacyPage } from './PrivacyContentPage';
import { Component as TermsPage } from './TermsContentPage';

/**
 * The terms documents as content (issue 22, PIPA art. 30): the version in force with its 시행일자,
 * the versions with their periods, each at ?version=N, and the notice of an announced revision.
 * Today is 2026-12-02 (Korea) in these tests; version 1 applied from 2026-11-01 to 2026-11-30,
 * version 2 applies now, version 3 is announced for 2027-01-01.
 */
const day = (iso: string) => `${iso}T00:00:00+09:00`;
const at = (iso: string) => new Date(day(iso)).toISOString();

function privacyVersion(version: number, effectiveFrom: string, extra = '') {
  const { title, body } = initialContent.privacy;
  if (body.type !== 'html') throw new Error('privacy');
  return contentView.parse({ code: 'privacy', title, version, effectiveFrom, body: { type: 'html', html: body.html + extra }, updatedAt: at('2026-11-20') });
}

const versions = contentVersionList.parse({
  content: [
    { version: 3, effectiveFrom: at('2027-01-01'), effectiveTo: null, status: 'scheduled' },
    { version: 2, effectiveFrom: at('2026-12-01'), effectiveTo: at('2027-01-01'), status: 'current' },
    { version: 1, effectiveFrom: at('2026-11-01'), effectiveTo: at('2026-12-01'), status: 'past' },
  ],
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(day('2026-12-02')));
});
afterEach(() => vi.useRealTimers());

function stubPrivacy() {
  stubApi({
    'GET /api/content/privacy': (call) => {
      const version = call.query.get('version');
      if (version === null) return ok(privacyVersion(2, at('2026-12-01'), '<p>제2판 본문</p>'));
      if (version === '1') return ok(privacyVersion(1, at('2026-11-01')));
      if (version === '3') return ok(privacyVersion(3, at('2027-01-01'), '<p>제3판 본문</p>'));
      return refuse(404, 'NOT_FOUND', '요청하신 내용을 찾을 수 없습니다.');
    },
    'GET /api/content/privacy/versions': ok(versions),
    'GET /api/site-setting/info': ok(demoSiteInfo),
  });
}

describe('the privacy policy as content', () => {
  it('shows the version in force, its 시행일자, the articles in the table of contents, the officer from the settings, and the coming revision', async () => {
    stubPrivacy();
    renderScreen(PrivacyPage, { path: 'TOS/Content/PrivacyContent' });
    expect(await screen.findByText('제2판 본문')).toBeInTheDocument();
    expect(screen.getByText(/^시행일자:/)).toHaveTextContent('시행일자: 2026년 12월 1일');

    const toc = screen.getByRole('navigation', { name: '목차' });
    expect(within(toc).getAllByRole('link')).toHaveLength(12);
    expect(within(toc).getByRole('link', { name: '제9조(개인정보 자동 수집 장치의 설치·운영 및 거부에 관한 사항)' })).toHaveAttribute('href', '#privacy-9');
    const cookies = screen.getByRole('region', { name: /^제9조/ });
    expect(within(cookies).getByRole('table', { name: '누리집이 사용하는 쿠키' })).toHaveClass('stacked-table', 'terms-table');
    await waitFor(() => expect(screen.getByRole('region', { name: /^제10조/ })).toHaveTextContent(demoSiteInfo.privacyOfficer.name));

    expect(await screen.findByText('2027년 1월 1일부터 개정된 방침이 적용됩니다')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '개정된 개인정보처리방침 미리 보기' })).toHaveAttribute('href', '/TOS/Content/PrivacyContent?version=3');

    const history = screen.getByRole('region', { name: '개인정보처리방침 개정 이력' });
    const earlier = within(history).getByRole('link', { name: '개인정보처리방침 제1판 (2026년 11월 1일 ~ 2026년 11월 30일)' });
    expect(earlier).toHaveAttribute('href', '/TOS/Content/PrivacyContent?version=1');
    expect(within(history).getByText('개인정보처리방침 제2판 (2026년 12월 1일 ~ 2026년 12월 31일)')).toHaveAttribute('aria-current', 'page');
  });

  it('opens an earlier version at its own address, labelled with its period and a way back', async () => {
    stubPrivacy();
    const { user, router } = renderScreen(PrivacyPage, { path: 'TOS/Content/PrivacyContent', url: '/TOS/Content/PrivacyContent?version=1' });
    expect(await screen.findByText(/시행 기간: 2026년 11월 1일 ~ 2026년 11월 30일/)).toHaveTextContent(/^이 문서는 이전 버전의 개인정보처리방침입니다\./);
    expect(screen.queryByText('제2판 본문')).toBeNull();
    expect(screen.getByText(/^시행일자:/)).toHaveTextContent('2026년 11월 1일');
    expect(screen.queryByText(/개정된 방침이 적용됩니다/)).toBeNull();
    await user.click(screen.getByRole('link', { name: '현재 시행 중인 개인정보처리방침 보기' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('제2판 본문')).toBeInTheDocument();
  });

  it('says so when the version asked for does not exist', async () => {
    stubPrivacy();
    renderScreen(PrivacyPage, { path: 'TOS/Content/PrivacyContent', url: '/TOS/Content/PrivacyContent?version=9' });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('요청하신 버전을 찾을 수 없습니다.'));
    expect(screen.getByRole('link', { name: '현재 시행 중인 개인정보처리방침 보기' })).toHaveAttribute('href', '/TOS/Content/PrivacyContent');
  });
});

describe('the terms of use as content', () => {
  it('lists chapters with their articles in the table of contents, and the operator from the settings', async () => {
    const { title, body } = initialContent.terms;
    stubApi({
      'GET /api/content/terms': ok(contentView.parse({ code: 'terms', title, version: 1, effectiveFrom: at('2026-11-01'), body, updatedAt: at('2026-11-01') })),
      'GET /api/content/terms/versions': ok(contentVersionList.parse({ content: [{ version: 1, effectiveFrom: at('2026-11-01'), effectiveTo: null, status: 'current' }] })),
      'GET /api/site-setting/info': ok(demoSiteInfo),
    });
    renderScreen(TermsPage, { path: 'TOS/Content/TermsContent' });
    const chapter = await screen.findByRole('region', { name: '제1장 총칙' });
    await waitFor(() => expect(within(chapter).getByRole('region', { name: '제1조(목적)' })).toHaveTextContent(`이 약관은 ${demoSiteInfo.operator}(이하 “기관”이라 합니다)이 운영하는`));
    const toc = screen.getByRole('navigation', { name: '목차' });
    expect(within(toc).getAllByRole('link').map((link) => link.textContent)).toContain('제20조(준거법 및 관할)');
    expect(within(toc).getAllByRole('link')).toHaveLength(6 + 21);
    expect(screen.getByText(/^시행일자:/)).toHaveTextContent('2026년 11월 1일');
    expect(screen.queryByText(/개정된 방침이 적용됩니다/)).toBeNull();
  });
});
