import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '@web/test/api-stub';
import { renderScreen } from '@web/test/render-screen';
import { SiteSearchField } from './SiteSearchField';

/** The header's search field (issue 23): the popular terms under it, asked for only when it is focused. */
describe('the header search field', () => {
  it('asks for the popular terms once focused and offers them as the field’s suggestions', async () => {
    const api = stubApi({ 'GET /api/search/popular': ok({ terms: ['인공관절', '유방보형물'] }) });
    renderScreen(() => <SiteSearchField className="test" />, { path: '*', url: '/' });
    const field = screen.getByRole('searchbox', { name: '통합검색 검색어' });
    expect(field).not.toHaveAttribute('list');
    expect(api.callsTo('GET /api/search/popular')).toHaveLength(0);

    await userEvent.click(field);
    await waitFor(() => expect(field).toHaveAttribute('list'));
    const list = document.getElementById(field.getAttribute('list')!)!;
    expect(list.tagName).toBe('DATALIST');
    expect([...list.querySelectorAll('option')].map((o) => o.value)).toEqual(['인공관절', '유방보형물']);
    expect(api.callsTo('GET /api/search/popular')).toHaveLength(1);
  });
});
