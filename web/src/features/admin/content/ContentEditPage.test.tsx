import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminContentList, adminContentView, contentMessages, type AdminContentList, type AdminContentView } from '@contract';
import { ok, refuse, stubApi } from '@web/test/api-stub';
import { renderScreen } from '@web/test/render-screen';
import { Component as ContentEditPage } from './ContentEditPage';
import { editorMessages } from './content-form';

/**
 * 콘텐츠 수정 (issue 22) for the history page: rows added, removed and sorted; a refusal said at the
 * row it names; a save over a newer version refused with the server's sentence while everything
 * typed stays; the fields the editor does not show carried through. The browser journey against
 * the real server is e2e/admin-content.spec.ts.
 */

const summary = { effectiveFrom: '2026-11-01T09:00:00+09:00', createdAt: '2026-11-01T09:00:00+09:00', createdByName: '관리자' };
const list: AdminContentList = adminContentList.parse({
  content: [
    {
      code: 'history', title: '연혁', bodyType: 'history', path: '/nids/history', announcesSchedule: false,
      current: { version: 3, ...summary }, latest: { version: 3, status: 'current', ...summary }, scheduled: null,
    },
  ],
});

const version3: AdminContentView = {
  ...adminContentView.parse({
    code: 'history', title: '연혁', version: 3, effectiveFrom: summary.effectiveFrom, updatedAt: summary.createdAt,
    body: { type: 'history', lead: '', rows: [] }, note: '', status: 'current', restoredFrom: null, createdByName: '관리자',
  }),
  // Parts of the shape this editor does not show (the periods; a field the schema does not know on a row): kept as loaded.
  body: {
    type: 'history',
    lead: '걸어온 길',
    periods: [{ title: '확대와 고도화', fromYear: 2023, toYear: null, summary: '대상 확대' }],
    rows: [
      { year: 2025, month: 9, text: '인공와우 등록 시작', theme: '등록 대상 확대' },
      { year: 2026, month: 3, text: '누리집 개편' },
    ],
  } as unknown as AdminContentView['body'],
};

function stubHistory(save: Parameters<typeof stubApi>[0][string]) {
  return stubApi({
    'GET /api/admin/content': ok(list),
    'GET /api/admin/content/history/versions/3': ok(version3),
    'PUT /api/admin/content/history': save,
  });
}

const path = 'admin/content/:code';

/** A row's button by its name ("삭제: 2025년 9월 행"; happy-dom lays the hidden part out as a block, which adds a space). */
const rowButton = (action: string, row: string) => new RegExp(`^${action}\\s*: ${row}$`);

async function openEditor() {
  const rendered = renderScreen(ContentEditPage, { path, url: '/admin/content/history' });
  const form = await screen.findByRole('form', { name: '콘텐츠 수정' });
  return { ...rendered, form };
}

describe('the content editor, history rows', () => {
  it('adds a row at the top (focused), sorts newest first, removes one, and sends the rows with every field it did not edit', async () => {
    const saved = { ...version3, version: 4 };
    const api = stubHistory(ok(saved));
    const { user, form } = await openEditor();
    expect(within(form).getByLabelText('2025년 9월 행의 내용')).toHaveValue('인공와우 등록 시작');

    await user.click(within(form).getByRole('button', { name: '행 추가' }));
    const year = within(form).getByLabelText('1번째 행의 연도');
    await waitFor(() => expect(year).toHaveFocus());
    await user.type(year, '2024');
    await user.type(within(form).getByLabelText('2024년 행의 월'), '5');
    await user.type(within(form).getByLabelText('2024년 5월 행의 내용'), '인공수정체 등록 시작');

    await user.click(within(form).getByRole('button', { name: '날짜순 정렬' }));
    const years = () => within(form).getAllByLabelText(/행의 연도$/).map((input) => (input as HTMLInputElement).value);
    expect(years()).toEqual(['2026', '2025', '2024']);
    expect(within(form).getByText('행을 날짜순(최신순)으로 정렬했습니다.')).toHaveAttribute('role', 'status');

    // Moved by keyboard: the focus stays on the button pressed.
    const down = within(form).getByRole('button', { name: rowButton('아래로', '2026년 3월 행') });
    down.focus();
    await user.keyboard('{Enter}');
    expect(years()).toEqual(['2025', '2026', '2024']);
    expect(within(form).getByText('2026년 3월 행을 아래로 옮겼습니다.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(within(form).getByRole('button', { name: rowButton('아래로', '2026년 3월 행') })).toHaveFocus());
    await user.click(within(form).getByRole('button', { name: '날짜순 정렬' }));

    await user.click(within(form).getByRole('button', { name: rowButton('삭제', '2025년 9월 행') }));
    expect(years()).toEqual(['2026', '2024']);
    expect(within(form).getByText('2025년 9월 행을 삭제했습니다.')).toHaveAttribute('role', 'status');

    await user.type(within(form).getByLabelText('변경 메모'), '2024년 추가');
    await user.click(within(form).getByRole('button', { name: '게시' }));
    await screen.findByText('버전 4를 게시했습니다.');
    expect(api.callsTo('PUT /api/admin/content/history')[0]!.body).toEqual({
      baseVersion: 3,
      title: '연혁',
      note: '2024년 추가',
      publish: 'now',
      body: {
        type: 'history',
        lead: '걸어온 길',
        periods: [{ title: '확대와 고도화', fromYear: 2023, toYear: null, summary: '대상 확대' }],
        rows: [
          { year: 2026, month: 3, text: '누리집 개편' },
          { year: 2024, month: 5, text: '인공수정체 등록 시작' },
        ],
      },
    });
  });

  it('a row without a year is refused at its year field, which takes the focus, and nothing is sent', async () => {
    const api = stubHistory(ok(version3));
    const { user, form } = await openEditor();
    await user.click(within(form).getByRole('button', { name: '행 추가' }));
    await user.type(within(form).getByLabelText('1번째 행의 내용'), '연도를 빠뜨린 행');
    await user.click(within(form).getByRole('button', { name: '게시' }));
    const year = within(form).getByLabelText('1번째 행의 연도');
    await waitFor(() => expect(year).toHaveAttribute('aria-invalid', 'true'));
    expect(year).toHaveAccessibleDescription(editorMessages.yearRequired);
    expect(year).toHaveFocus();
    expect(api.callsTo('PUT /api/admin/content/history')).toEqual([]);
  });

  it("the server's refusal naming a row's field (body.rows.1.text) is said at that row's field", async () => {
    stubHistory(refuse(400, 'BAD_REQUEST', '연혁 내용은 500자 이내로 입력해주세요.', 'body.rows.1.text'));
    const { user, form } = await openEditor();
    await user.click(within(form).getByRole('button', { name: '게시' }));
    const text = within(form).getByLabelText('2026년 3월 행의 내용');
    await waitFor(() => expect(text).toHaveAccessibleDescription('연혁 내용은 500자 이내로 입력해주세요.'));
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('2025년 9월 행의 내용')).toHaveAttribute('aria-invalid', 'false');
  });

  it('a save over a newer version: the server\'s sentence exactly, and everything typed stays', async () => {
    const api = stubHistory(refuse(409, 'CONFLICT', contentMessages.conflict));
    const { user, form } = await openEditor();
    await user.clear(within(form).getByLabelText('제목(필수)'));
    await user.type(within(form).getByLabelText('제목(필수)'), '우리의 연혁');
    await user.type(within(form).getByLabelText('2026년 3월 행의 내용'), '(회원 서비스 통합)');
    await user.click(within(form).getByRole('button', { name: '행 추가' }));
    await user.type(within(form).getByLabelText('1번째 행의 연도'), '2027');
    await user.type(within(form).getByLabelText('2027년 행의 내용'), '새 사업 시작');
    await user.click(within(form).getByRole('radio', { name: '임시 저장' }));
    await user.click(within(form).getByRole('button', { name: '임시 저장' }));

    await waitFor(() => expect(within(form).getAllByRole('alert').some((el) => el.textContent === contentMessages.conflict)).toBe(true));
    expect(api.callsTo('PUT /api/admin/content/history')[0]!.body).toMatchObject({ baseVersion: 3, publish: 'draft' });
    expect(within(form).getByLabelText('제목(필수)')).toHaveValue('우리의 연혁');
    expect(within(form).getByLabelText('2026년 3월 행의 내용')).toHaveValue('누리집 개편(회원 서비스 통합)');
    expect(within(form).getByLabelText('2027년 행의 내용')).toHaveValue('새 사업 시작');
    expect(within(form).getByRole('radio', { name: '임시 저장' })).toBeChecked();
  });

  it('a schedule is sent as the Korean date-time typed, with +09:00', async () => {
    const year = new Date().getFullYear() + 2;
    const api = stubHistory(ok({ ...version3, version: 4, status: 'scheduled', effectiveFrom: `${year}-01-01T09:00:00+09:00` }));
    const { user, form } = await openEditor();
    await user.click(within(form).getByRole('radio', { name: '예약 게시' }));
    const when = within(form).getByLabelText('게시 일시 (한국 시간)');
    await user.type(when, `${year}-01-01T09:00`);
    await user.click(within(form).getByRole('button', { name: '예약 게시' }));
    await screen.findByText(`버전 4가 ${year}.01.01 09:00에 게시되도록 예약했습니다.`);
    expect(api.callsTo('PUT /api/admin/content/history')[0]!.body).toMatchObject({ publish: `${year}-01-01T09:00:00+09:00` });
  });
});
