import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminBoardList, adminBoardMessages, type AdminBoardList } from '@contract';
import { ok, refuse, stubApi } from '@web/test/api-stub';
import { renderScreen } from '@web/test/render-screen';
import { Component as AdminBoardEditPage } from './AdminBoardEditPage';

/**
 * 새 게시판 / 게시판 수정 (the console's board form, issue 9): the contract's limits said at their
 * field before anything is sent, and the server's refusal said at the field it names (by the
 * answer's `field`). The browser keeps the journey (e2e/admin-site.spec.ts) and the sweep of the
 * form refused empty (e2e/screens-admin.spec.ts).
 */

const boards: AdminBoardList = adminBoardList.parse({
  content: [
    {
      boardCode: 'community', name: '커뮤니티', area: 'Member', listStyle: 'list', description: '', pageSize: 10, categories: ['질문'],
      allowAttachments: true, maxFiles: 5, maxFileSize: 20 * 1024 * 1024, maxImageSize: 10 * 1024 * 1024, useComments: true,
      permissions: { list: ['MEMBER'], read: ['MEMBER'], write: ['MEMBER'], comment: ['MEMBER'], download: ['MEMBER'], manage: ['ADMIN'] },
      sortOrder: 100, itemCount: 3, createdDate: '2026-11-02T09:00:00.000Z',
    },
  ],
  roles: [{ roleCode: 'GUEST', name: '비회원' }, { roleCode: 'MEMBER', name: '일반회원' }, { roleCode: 'ADMIN', name: '관리자' }],
});

const path = 'admin/boards/:boardCode';

describe('the board form', () => {
  it('a taken code: the refusal is said in the form and under the code, which is marked and focused; what was sent is the board', async () => {
    const api = stubApi({
      'GET /api/admin/boards': ok(boards),
      'PUT /api/admin/boards': refuse(409, 'CONFLICT', adminBoardMessages.codeTaken, 'boardCode'),
    });
    const { user } = renderScreen(AdminBoardEditPage, { path, url: '/admin/boards/NEW' });
    const form = await screen.findByRole('form', { name: '새 게시판' });
    const code = within(form).getByLabelText('게시판 코드 (영문, 주소에 쓰임)');
    await user.type(code, 'community');
    await user.type(within(form).getByLabelText('게시판 이름'), '또 커뮤니티');
    await user.type(within(form).getByLabelText('분류 (한 줄에 하나, 없으면 비워 둡니다)'), ' 질문 {Enter}{Enter}정보');
    await user.click(within(form).getByRole('button', { name: '게시판 만들기' }));

    await waitFor(() => expect(within(form).getAllByRole('alert').some((el) => el.textContent === adminBoardMessages.codeTaken)).toBe(true));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(adminBoardMessages.codeTaken);
    expect(code).toHaveFocus();
    expect(api.callsTo('PUT /api/admin/boards')[0]!.body).toMatchObject({
      boardCode: 'community', name: '또 커뮤니티', categories: ['질문', '정보'], maxFileSize: 20 * 1024 * 1024, maxImageSize: 10 * 1024 * 1024,
    });
  });

  it('a duplicate category refused by the server is said at the categories, whatever its index', async () => {
    stubApi({
      'GET /api/admin/boards': ok(boards),
      'PATCH /api/admin/boards/community': refuse(400, 'BAD_REQUEST', adminBoardMessages.categoryDuplicate, 'categories.1'),
    });
    const { user } = renderScreen(AdminBoardEditPage, { path, url: '/admin/boards/community' });
    const form = await screen.findByRole('form', { name: '게시판 수정' });
    expect(within(form).getByLabelText('게시판 코드 (영문, 주소에 쓰임)')).toBeDisabled();
    const categories = within(form).getByLabelText('분류 (한 줄에 하나, 없으면 비워 둡니다)');
    await user.type(categories, '{Enter}질문');
    await user.click(within(form).getByRole('button', { name: '게시판 저장' }));
    await waitFor(() => expect(categories).toHaveAccessibleDescription(adminBoardMessages.categoryDuplicate));
    expect(categories).toHaveFocus();
  });

  it('a page size out of the contract\'s range is refused at its field, which takes the focus, and nothing is sent', async () => {
    const api = stubApi({ 'GET /api/admin/boards': ok(boards) });
    const { user } = renderScreen(AdminBoardEditPage, { path, url: '/admin/boards/community' });
    const form = await screen.findByRole('form', { name: '게시판 수정' });
    const pageSize = within(form).getByLabelText('한 쪽의 글 수');
    await user.clear(pageSize);
    await user.type(pageSize, '0');
    await user.click(within(form).getByRole('button', { name: '게시판 저장' }));
    await waitFor(() => expect(pageSize).toHaveAttribute('aria-invalid', 'true'));
    expect(pageSize).toHaveAccessibleDescription('한 쪽의 글 수는 1 이상으로 입력해주세요.');
    expect(pageSize).toHaveFocus();
    expect(api.callsTo('PATCH /api/admin/boards/community')).toEqual([]);
  });
});
