import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inquiryPage } from '@contract';
import { ok, stubApi } from '@web/test/api-stub';
import { renderScreen } from '@web/test/render-screen';
import { Component as InquiryQueuePage } from './InquiryQueuePage';

/** 문의 관리's search box: the words sent (trimmed) go to the address and to the list's request. */

const empty = inquiryPage.parse({ content: [], totalElements: 0, totalPages: 0, page: 1, size: 20, counts: { RECEIVED: 0, IN_PROGRESS: 0, DONE: 0 } });

describe('the inquiry queue search', () => {
  it('searches by the words typed, starting from the address\'s', async () => {
    const api = stubApi({ 'GET /api/admin/inquiries': ok(empty) });
    const { user, router } = renderScreen(InquiryQueuePage, { path: 'admin/inquiries', url: '/admin/inquiries?keyword=%EB%93%B1%EB%A1%9D' });
    const search = await screen.findByRole('search', { name: '문의 검색' });
    const box = within(search).getByRole('searchbox');
    expect(box).toHaveValue('등록');
    await user.clear(box);
    await user.type(box, ' 절차 ');
    await user.click(within(search).getByRole('button', { name: '검색' }));
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=%EC%A0%88%EC%B0%A8'));
    await waitFor(() => expect(api.callsTo('GET /api/admin/inquiries').at(-1)!.query.get('keyword')).toBe('절차'));
    expect(within(screen.getByRole('search', { name: '문의 검색' })).getByRole('searchbox')).toHaveValue('절차');
  });
});
