import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '@web/test/api-stub';
import { renderScreen } from '@web/test/render-screen';
import { SiteSearchField } from './SiteSearchField';

/**
 * The header's search field (issue 23): a combobox whose list box holds the last 7 days' popular
 * terms while the field is empty and focused, asked for only on the first focus; the arrow keys
 * and Enter choose a term, Escape closes the list, typing hides it, and no term is a Tab stop.
 */
function open() {
  const api = stubApi({ 'GET /api/search/popular': ok({ terms: ['인공관절', '유방보형물'] }) });
  const view = renderScreen(() => <SiteSearchField className="test" />, { path: '*', url: '/' });
  const field = screen.getByRole('combobox', { name: '통합검색 검색어' });
  return { api, field, ...view };
}

describe('the header search field', () => {
  it('asks for the popular terms on the first focus only and shows them under the empty field', async () => {
    const { api, field } = open();
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(api.callsTo('GET /api/search/popular')).toHaveLength(0);

    await userEvent.click(field);
    const list = await screen.findByRole('listbox', { name: '인기 검색어 (최근 7일)' });
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(field).toHaveAttribute('aria-controls', list.id);
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['1인공관절', '2유방보형물']);
    expect(api.callsTo('GET /api/search/popular')).toHaveLength(1);
    // No term takes a Tab stop: Tab goes on to the search button.
    await userEvent.tab();
    expect(screen.getByRole('button', { name: '검색' })).toHaveFocus();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('ArrowDown and Enter search for a term; Escape closes the list; typing hides it', async () => {
    const { field, router } = open();
    await userEvent.click(field);
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: /유방보형물/ });
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(field).toHaveAttribute('aria-activedescendant', second.id);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: /유방보형물/ })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe(`?keyword=${encodeURIComponent('유방보형물')}`));
    expect(router.state.location.pathname).toBe('/search');

    await userEvent.click(field);
    await userEvent.type(field, '심장');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field).toHaveAttribute('aria-expanded', 'false');
  });
});
