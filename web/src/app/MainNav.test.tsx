import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { menu, type Menu } from '@contract';
import { ok, stubApi } from '@web/test/api-stub';
import { renderScreen } from '@web/test/render-screen';
import { MainNav } from './MainNav';

/**
 * The header's menu drawn from `GET /api/menu` (issue 22): hidden entries left out, a top-level
 * link on the top row, an external link in a new window marked the KRDS way.
 */
const answer: Menu = menu.parse({
  revision: 4,
  items: [
    {
      id: 'about', label: '사업소개', hidden: false, children: [
        { id: 'a1', label: '인사말', path: '/nids/intro', hidden: false, children: [] },
        { id: 'a2', label: '숨긴 링크', path: '/nids/about', hidden: true, children: [] },
        { id: 'a3', label: '식품의약품안전처', url: 'https://www.mfds.go.kr/', hidden: false, children: [] },
      ],
    },
    { id: 'gone', label: '숨긴 묶음', hidden: true, children: [{ id: 'g1', label: '안 보임', path: '/nids/history', hidden: false, children: [] }] },
    { id: 'top', label: '환자등록시스템 안내', path: '/system/registSite', hidden: false, children: [] },
  ],
});

describe('the main menu from data', () => {
  it('draws the visible entries, a top-level link and an external link opening a new window', async () => {
    stubApi({ 'GET /api/menu': ok(answer) });
    renderScreen(MainNav, { path: '*', url: '/' });
    const nav = await screen.findByRole('navigation', { name: '주 메뉴' });
    expect(await within(nav).findByRole('button', { name: '사업소개' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: '숨긴 묶음' })).toBeNull();
    expect(nav.textContent).not.toContain('숨긴 링크');
    expect(nav.textContent).not.toContain('안 보임');
    expect(within(nav).getByRole('link', { name: '환자등록시스템 안내' })).toHaveAttribute('href', '/system/registSite');
    const external = within(nav).getByRole('link', { name: '식품의약품안전처 (새 창 열림)', hidden: true });
    expect(external).toHaveAttribute('href', 'https://www.mfds.go.kr/');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external.getAttribute('rel')?.split(' ')).toContain('noopener');
    expect(external.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });
});
