import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContentCode } from '@contract';
import { contentView } from '@contract/content';
import { ok, stubApi } from '@web/test/api-stub';
import { demoSiteInfo } from '@web/test/fixtures';
import { renderScreen } from '@web/test/render-screen';
import { initialContent } from '@server/seed/content';
import { Component as AboutPage } from './AboutPage';
import { Component as HistoryPage } from './HistoryPage';
import { Component as IntroPage } from './IntroPage';
import { Component as OrganizationPage } from './OrganizationPage';
import { Component as RegistSitePage } from './RegistSitePage';

/**
 * The information screens render their content page (issue 22) as they rendered their JSX: the
 * seed's first version, answered as the server will (checked by the contract's schema), with the
 * site's facts from the settings.
 */
function answerWithSeed(code: ContentCode) {
  const { title, body } = initialContent[code];
  const view = contentView.parse({ code, title, version: 1, effectiveFrom: '2026-10-31T15:00:00.000Z', body, updatedAt: '2026-12-01T00:00:00.000Z' });
  stubApi({ [`GET /api/content/${code}`]: ok(view), 'GET /api/site-setting/info': ok(demoSiteInfo) });
}

/** The settings have arrived and the facts show them. */
const settled = () => waitFor(() => expect(document.body).toHaveTextContent(demoSiteInfo.operator));

describe('information screens from their content', () => {
  it('사업 소개: sections labelled by their headings, the facts and contacts from the settings, tables with the phone layout', async () => {
    answerWithSeed('intro');
    renderScreen(IntroPage, { path: 'nids/intro' });
    expect(await screen.findByRole('heading', { level: 1, name: '사업 소개' })).toBeInTheDocument();
    await settled();
    const overview = screen.getByRole('region', { name: '사업 개요' });
    expect(overview).toHaveTextContent(`사업명${demoSiteInfo.siteName} (${demoSiteInfo.siteNameEn})`);
    expect(within(overview).getByText(demoSiteInfo.operator)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: '진료 분야별 주요 등록 대상 의료기기와 추적 관찰 내용' });
    expect(table).toHaveClass('stacked-table', 'info-table');
    expect(within(table).getByRole('cell', { name: '인공수정체' })).toHaveAttribute('data-label', '대표 품목');
    const contact = screen.getByRole('region', { name: '문의처' });
    expect(within(contact).getByRole('link', { name: demoSiteInfo.phone })).toHaveAttribute('href', 'tel:0234897100');
    expect(within(contact).getByRole('link', { name: '문의하기' })).toHaveAttribute('href', '/Nids/contactus/Write/NEW');
    expect(screen.queryByText(/\{\{/)).toBeNull();
  });

  it('등록사업 안내: a link of the site moves within the app', async () => {
    answerWithSeed('about');
    const { user, router } = renderScreen(AboutPage, { path: 'nids/about' });
    await settled();
    const roles = screen.getByRole('region', { name: '참여 주체별 역할' });
    expect(within(roles).getAllByRole('listitem').length).toBeGreaterThan(4);
    expect(screen.getByRole('region', { name: '개인정보 보호' })).toHaveTextContent(`개인정보 처리에 관한 업무는 ${demoSiteInfo.operator}에서 총괄합니다.`);
    await user.click(within(roles).getByRole('link', { name: '환자등록시스템 안내' }));
    expect(router.state.location.pathname).toBe('/system/registSite');
  });

  it('환자등록시스템 안내: the access box from the settings, and the questions that open', async () => {
    answerWithSeed('registSite');
    const { container } = renderScreen(RegistSitePage, { path: 'system/registSite' });
    const go = await screen.findByRole('link', { name: /환자등록시스템 바로가기/ });
    expect(go).toHaveAttribute('target', '_blank');
    expect(go).toHaveAttribute('href', new URL(demoSiteInfo.registSiteUrl).href);
    expect(container.querySelectorAll('details.info-faq__item')).toHaveLength(6);
    expect(screen.getByText('한 의료기관에서 여러 명이 계정을 발급받을 수 있나요?')).toBeInTheDocument();
  });

  it('연혁: the rows by year, newest first, in their periods, each year with its theme', async () => {
    answerWithSeed('history');
    renderScreen(HistoryPage, { path: 'nids/history' });
    const growth = await screen.findByRole('region', { name: '확대와 고도화 2023년 ~ 현재' });
    const years = within(growth).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(years).toEqual(['2026년 국민 소통 강화', '2025년 등록 대상 확대', '2024년 안전성 정보 환류', '2023년 품목 확대']);
    expect(within(growth).getAllByRole('listitem').find((item) => item.textContent?.startsWith('3월'))).toHaveTextContent('3월 환자등록사업 누리집 개편');
    expect(screen.getByRole('navigation', { name: '시기 바로가기' })).toHaveTextContent('도입과 시범사업 (2018년 ~ 2019년)');
  });

  it('조직도: the units in the chart and the duties table, the committees beside them', async () => {
    answerWithSeed('organization');
    renderScreen(OrganizationPage, { path: 'nids/organization' });
    await settled();
    const chart = screen.getByRole('list', { name: '환자등록사업 조직도' });
    expect(chart).toHaveTextContent(`원장 ${demoSiteInfo.operator}`);
    expect(within(chart).getByRole('list', { name: '환자등록사업단 소속 팀' })).toHaveTextContent('데이터분석팀 등록 자료 분석·보고서 발간');
    const duties = screen.getByRole('table', { name: '환자등록사업단 팀별 주요 업무' });
    expect(within(duties).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['사업단장', '등록관리팀', '데이터분석팀', '안전정보팀', '시스템운영팀']);
    expect(screen.getByRole('region', { name: '위원회' })).toHaveTextContent('운영위원회 심의 기구');
  });
});
