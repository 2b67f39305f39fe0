import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inquiryDetail, inquiryMessages, type InquiryDetail } from '@contract';
import { ok, refuse, stubApi } from '@web/test/api-stub';
import { renderWithProviders } from '@web/test/render-screen';
import { InquiryDetailPanel } from './InquiryDetailPanel';

/**
 * 문의 관리's open inquiry (issue 9): an answer is sent as typed and makes it 완료 in the status
 * form; a blank answer is the server's refusal, said by the panel. The browser keeps the journey
 * from the inquiry form to the answer mail (e2e/admin-site.spec.ts).
 */

const inquiry: InquiryDetail = inquiryDetail.parse({
  itemNo: 5, title: '등록 절차 문의', writerName: '홍문의', status: 'RECEIVED', createdDate: '2026-12-01T09:00:00.000Z', answeredDate: null,
  content: '<p>등록 절차를 알려주세요.</p>', contact: { email: 'hong@example.test', phone: null }, byMember: false, answer: null,
});

describe('an inquiry in the console', () => {
  it('an answer is sent and the status becomes 완료; a blank one is refused by the server with its sentence', async () => {
    const api = stubApi({
      'GET /api/admin/inquiries/5': ok(inquiry),
      'PATCH /api/admin/inquiries/5': ({ body }) =>
        (body as { answer: string }).answer.trim() === ''
          ? refuse(400, 'BAD_REQUEST', inquiryMessages.answerRequired)
          : ok({ ...inquiry, status: 'DONE', answer: (body as { answer: string }).answer }),
    });
    const { user } = renderWithProviders(<InquiryDetailPanel itemNo={5} onClose={() => undefined} />);
    const panel = await screen.findByRole('region', { name: '등록 절차 문의' });
    const answer = within(panel).getByLabelText('답변 (문의하신 분께 이메일로 보내집니다)');

    await user.type(answer, '   ');
    await user.click(within(panel).getByRole('button', { name: '답변 등록' }));
    await waitFor(() => expect(within(panel).getByRole('alert')).toHaveTextContent(inquiryMessages.answerRequired));

    await user.clear(answer);
    await user.type(answer, '안내 메일을 보내드렸습니다.');
    await user.click(within(panel).getByRole('button', { name: '답변 등록' }));
    await waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent(inquiryMessages.answered));
    expect(within(panel).getByLabelText('처리 상태', { exact: true })).toHaveValue('DONE');
    expect(api.callsTo('PATCH /api/admin/inquiries/5').map((call) => call.body)).toEqual([{ answer: '   ' }, { answer: '안내 메일을 보내드렸습니다.' }]);
  });
});
