import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminContentList, adminContentVersionList, adminContentView, type ContentBody, type ContentCode } from '@contract';
import { ok, stubApi } from '@web/test/api-stub';
import { demoSiteInfo } from '@web/test/fixtures';
import { renderScreen, renderWithProviders } from '@web/test/render-screen';
import { initialContent } from '@server/seed/content';
import { ContentPreview } from './ContentPreview';
import { Component as ContentVersionsPage } from './ContentVersionsPage';

/**
 * The console's preview (issue 22) is the public rendering, not a look-alike: each body type shows
 * what its public screen shows from the same body (features/info/InfoPages.test.tsx and
 * features/terms/TermsContentScreen.test.tsx ask the same of the screens): the history in periods
 * with each year's theme, the organisation chart with its duties table, rich text in sections with
 * the settings' facts filled in, a terms document with its table of contents. Its ids are its own.
 */

/** The settings have arrived and the facts show them. */
const settled = () => waitFor(() => expect(document.body).toHaveTextContent(demoSiteInfo.operator));

function renderPreview(code: ContentCode, body: ContentBody = initialContent[code].body) {
  stubApi({ 'GET /api/site-setting/info': ok(demoSiteInfo) });
  return renderWithProviders(<ContentPreview code={code} body={body} />);
}

/**
 * No id twice in the document, and every id a label, a description or an in-page link inside
 * `root` (the preview) names exists.
 */
function expectIdsUniqueAndResolved(root: Element = document.body) {
  const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
  expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  const named = [...root.querySelectorAll('[aria-labelledby], [aria-describedby], a[href^="#"]')].flatMap((element) => [
    ...(element.getAttribute('aria-labelledby')?.split(' ') ?? []),
    ...(element.getAttribute('aria-describedby')?.split(' ') ?? []),
    ...(element.getAttribute('href')?.startsWith('#') ? [element.getAttribute('href')!.slice(1)] : []),
  ]);
  expect(named.length).toBeGreaterThan(0);
  expect(named.filter((id) => !ids.includes(id))).toEqual([]);
}

const versionSummary = { effectiveFrom: '2026-11-01T09:00:00+09:00', createdAt: '2026-11-01T09:00:00+09:00', createdByName: '관리자' };
const historyVersion = (n: number, status: 'current' | 'past', restoredFrom: number | null = null) =>
  adminContentView.parse({ code: 'history', title: '연혁', version: n, effectiveFrom: versionSummary.effectiveFrom, updatedAt: versionSummary.createdAt, body: initialContent.history.body, note: '', status, restoredFrom, createdByName: '관리자' });

/** The history page with versions 2 (current) and 1 (past). */
function stubHistoryVersions() {
  const summary = versionSummary;
  return stubApi({
    'GET /api/admin/content': ok(
      adminContentList.parse({
        content: [
          { code: 'history', title: '연혁', bodyType: 'history', path: '/nids/history', announcesSchedule: false, current: { version: 2, ...summary }, latest: { version: 2, status: 'current', ...summary }, scheduled: null },
        ],
      }),
    ),
    'GET /api/admin/content/history/versions': ok(
      adminContentVersionList.parse({
        content: [2, 1].map((n) => ({ version: n, title: '연혁', note: '', status: n === 2 ? 'current' : 'past', effectiveFrom: summary.effectiveFrom, effectiveTo: null, restoredFrom: null, createdBy: 1, createdByName: '관리자', createdAt: summary.createdAt })),
      }),
    ),
    'GET /api/admin/content/history/versions/2': ok(historyVersion(2, 'current')),
    'GET /api/admin/content/history/versions/1': ok(historyVersion(1, 'past')),
    'GET /api/site-setting/info': ok(demoSiteInfo),
  });
}

describe('the versions screen previews a version as the public screen draws it', () => {
  it('연혁: the chosen version in its periods, each year with its theme, inside the preview region', async () => {
    stubHistoryVersions();
    const { user } = renderScreen(ContentVersionsPage, { path: 'admin/content/:code/versions', url: '/admin/content/history/versions' });
    const newest = (await screen.findAllByRole('row'))[1]!;
    await user.click(within(newest).getByRole('button', { name: /^미리보기/ }));

    const preview = await screen.findByRole('region', { name: /^미리보기: 버전 2/ });
    const growth = await within(preview).findByRole('region', { name: '확대와 고도화 2023년 ~ 현재' });
    expect(within(growth).getByRole('heading', { level: 2 })).toHaveTextContent('확대와 고도화 2023년 ~ 현재');
    const years = within(growth).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(years).toEqual(['2026년 국민 소통 강화', '2025년 등록 대상 확대', '2024년 안전성 정보 환류', '2023년 품목 확대']);
    expect(within(growth).getAllByRole('listitem').find((item) => item.textContent?.startsWith('3월'))).toHaveTextContent('3월 환자등록사업 누리집 개편');
    const jump = within(preview).getByRole('navigation', { name: '시기 바로가기' });
    expect(jump).toHaveTextContent('도입과 시범사업 (2018년 ~ 2019년)');
    // The jump list leads to the preview's own sections, not to the public page's ids.
    const target = within(jump).getAllByRole('link')[0]!.getAttribute('href')!.slice(1);
    expect(target).toMatch(/^history-preview/);
    expect(document.getElementById(target)).toBe(growth);
    expectIdsUniqueAndResolved(preview);
  });

  it('a restore says which version became which, each number with the particle it takes (issue 23)', async () => {
    const api = stubHistoryVersions();
    api.set({ 'POST /api/admin/content/history/versions/1/restore': ok(historyVersion(3, 'current', 1)) });
    const { user } = renderScreen(ContentVersionsPage, { path: 'admin/content/:code/versions', url: '/admin/content/history/versions' });
    await user.click(await screen.findByRole('button', { name: /^복원\W*버전 1$/ }));
    await user.click(within(await screen.findByRole('dialog', { name: '버전 복원' })).getByRole('button', { name: '복원' }));
    expect(await screen.findByText('버전 1을 버전 3으로 복원해 게시했습니다.')).toBeVisible();
    expect(api.callsTo('POST /api/admin/content/history/versions/1/restore')[0]!.body).toEqual({ baseVersion: 2 });
  });
});

describe('the preview of each body type', () => {
  it('조직도: the chart with the operator from the settings, the duties table, the committees and the contacts', async () => {
    renderPreview('organization');
    await settled();
    const chart = screen.getByRole('list', { name: '환자등록사업 조직도' });
    expect(chart).toHaveTextContent(`원장 ${demoSiteInfo.operator}`);
    expect(within(chart).getByRole('list', { name: '환자등록사업단 소속 팀' })).toHaveTextContent('데이터분석팀 등록 자료 분석·보고서 발간');
    const duties = screen.getByRole('table', { name: '환자등록사업단 팀별 주요 업무' });
    expect(duties).toHaveClass('stacked-table', 'info-table', 'info-table--duties');
    expect(within(duties).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['사업단장', '등록관리팀', '데이터분석팀', '안전정보팀', '시스템운영팀']);
    expect(screen.getByRole('region', { name: '위원회' })).toHaveTextContent('운영위원회 심의 기구');
    const contact = screen.getByRole('region', { name: '찾아오시는 길·연락처' });
    expect(within(contact).getByRole('link', { name: demoSiteInfo.phone })).toHaveAttribute('href', 'tel:0234897100');
    expect(contact).toHaveTextContent(demoSiteInfo.address);
    expectIdsUniqueAndResolved();
  });

  it('사업 소개 (rich text): sections labelled by their headings, the facts filled from the settings, tables with the phone layout', async () => {
    renderPreview('intro');
    await settled();
    const overview = screen.getByRole('region', { name: '사업 개요' });
    expect(overview).toHaveTextContent(`사업명${demoSiteInfo.siteName} (${demoSiteInfo.siteNameEn})`);
    const table = screen.getByRole('table', { name: '진료 분야별 주요 등록 대상 의료기기와 추적 관찰 내용' });
    expect(table).toHaveClass('stacked-table', 'info-table');
    expect(within(table).getByRole('cell', { name: '인공수정체' })).toHaveAttribute('data-label', '대표 품목');
    const contact = screen.getByRole('region', { name: '문의처' });
    expect(within(contact).getByRole('link', { name: demoSiteInfo.phone })).toHaveAttribute('href', 'tel:0234897100');
    expect(screen.queryByText(/\{\{/)).toBeNull();
    expectIdsUniqueAndResolved();
  });

  it('an inline fact ({{site.phone}}) becomes the settings\' number as a link, as on the public page', async () => {
    renderPreview('about', { type: 'html', html: '<p>전화 {{site.phone}}, 메일 {{site.email}}로 문의하십시오.</p><h2>안내</h2><p>{{site.operator}}{{site.operator.topic}} 등록을 맡습니다.</p>' });
    await settled();
    expect(screen.getByRole('link', { name: demoSiteInfo.phone })).toHaveAttribute('href', 'tel:0234897100');
    expect(screen.getByRole('link', { name: demoSiteInfo.email })).toHaveAttribute('href', `mailto:${demoSiteInfo.email}`);
    expect(screen.getByRole('region', { name: '안내' })).toHaveTextContent(`${demoSiteInfo.operator}은 등록을 맡습니다.`);
  });

  it('개인정보처리방침 (terms, articles): the table of contents leads to the preview\'s own articles, the officer from the settings', async () => {
    renderPreview('privacy');
    await waitFor(() => expect(screen.getByRole('region', { name: /^제10조/ })).toHaveTextContent(demoSiteInfo.privacyOfficer.name));
    const toc = screen.getByRole('navigation', { name: '목차' });
    const links = within(toc).getAllByRole('link');
    expect(links).toHaveLength(12);
    const cookies = screen.getByRole('region', { name: /^제9조/ });
    expect(within(toc).getByRole('link', { name: '제9조(개인정보 자동 수집 장치의 설치·운영 및 거부에 관한 사항)' })).toHaveAttribute('href', `#${cookies.id}`);
    expect(cookies.id).toMatch(/^privacy-preview.*-9$/);
    expect(within(cookies).getByRole('table', { name: '누리집이 사용하는 쿠키' })).toHaveClass('stacked-table', 'terms-table');
    expectIdsUniqueAndResolved();
  });

  it('이용약관 (terms, chapters): chapters with their articles, the operator from the settings', async () => {
    renderPreview('terms');
    const chapter = await screen.findByRole('region', { name: '제1장 총칙' });
    await waitFor(() => expect(within(chapter).getByRole('region', { name: '제1조(목적)' })).toHaveTextContent(`이 약관은 ${demoSiteInfo.operator}(이하 “기관”이라 합니다)이 운영하는`));
    expect(within(screen.getByRole('navigation', { name: '목차' })).getAllByRole('link')).toHaveLength(6 + 21);
  });

  it('two previews on one screen repeat no id, the registration system\'s access box included', async () => {
    stubApi({ 'GET /api/site-setting/info': ok(demoSiteInfo) });
    renderWithProviders(
      <>
        <ContentPreview code="registSite" body={initialContent.registSite.body} />
        <ContentPreview code="registSite" body={initialContent.registSite.body} />
      </>,
    );
    const access = await screen.findAllByRole('link', { name: /환자등록시스템 바로가기/ });
    expect(access).toHaveLength(2);
    expect(screen.getAllByRole('region', { name: '시스템 접속' })).toHaveLength(2);
    expectIdsUniqueAndResolved();
  });
});
