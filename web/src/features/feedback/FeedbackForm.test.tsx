import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { feedbackMessages as m, feedbackQuestion } from '@contract/feedback-values';
import { never, ok, refuse, stubApi } from '@web/test/api-stub';
import FeedbackForm from './FeedbackForm';
import { PageFeedback } from './PageFeedback';

const SEND = 'POST /api/feedback';

function renderForm(path = '/Nids/Intro') {
  const user = userEvent.setup({ delay: null });
  render(<FeedbackForm path={path} />);
  return { user };
}

const status = () => screen.getByRole('status');
const question = () => screen.getByRole('group', { name: feedbackQuestion });

describe('the page-satisfaction form', () => {
  it('asks the question as a group of five radio buttons, with a labelled comment and its count, and an empty status region from the start', () => {
    renderForm();
    expect(screen.getByRole('region', { name: '만족도 조사' })).toBeInTheDocument();
    // No heading of its own: the screen's outline stays the screen's.
    expect(screen.queryByRole('heading')).toBeNull();
    const choices = screen.getAllByRole('radio');
    expect(choices.map((c) => c.closest('label')!.textContent)).toEqual(['매우 만족', '만족', '보통', '불만족', '매우 불만족']);
    for (const choice of choices) expect(question()).toContainElement(choice);
    const comment = screen.getByLabelText(/^의견/);
    expect(comment).toHaveAttribute('maxlength', '500');
    expect(comment).toHaveAccessibleDescription('0 / 500자');
    expect(status()).toBeEmptyDOMElement();
  });

  it('without a choice says 만족도를 선택해주세요. in the status region, puts the focus on the first choice and sends nothing', async () => {
    const api = stubApi({});
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: '의견 보내기' }));
    expect(status()).toHaveTextContent(m.scoreRequired);
    expect(screen.getByRole('radio', { name: '매우 만족' })).toHaveFocus();
    expect(question()).toHaveAccessibleDescription(m.scoreRequired);
    expect(api.calls).toEqual([]);
  });

  it('by keyboard: chooses with the arrow keys, writes a comment (counted), sends path, score and comment, and says thanks in the status region', async () => {
    const api = stubApi({ [SEND]: ok({}) });
    const { user } = renderForm('/Nids/Intro/');
    await user.tab();
    expect(screen.getByRole('radio', { name: '매우 만족' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '만족' })).toBeChecked();
    await user.tab();
    await user.keyboard('설명이 쉬워요');
    expect(screen.getByLabelText(/^의견/)).toHaveAccessibleDescription('7 / 500자');
    await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(status()).toHaveTextContent(m.thanks));
    expect(api.callsTo(SEND).map((c) => c.body)).toEqual([{ path: '/Nids/Intro/', score: 4, comment: '설명이 쉬워요' }]);
    // Answered: the choices give way to the thanks.
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('sends no comment when none was written, and one send at a time', async () => {
    const api = stubApi({ [SEND]: () => never() });
    const { user } = renderForm();
    await user.click(screen.getByRole('radio', { name: '보통' }));
    await user.click(screen.getByRole('button', { name: '의견 보내기' }));
    await user.click(screen.getByRole('button', { name: '보내는 중…' }));
    expect(api.callsTo(SEND).map((c) => c.body)).toEqual([{ path: '/Nids/Intro', score: 3 }]);
  });

  it('the day’s answer already in (409): says so and offers the form no more', async () => {
    stubApi({ [SEND]: refuse(409, 'CONFLICT', m.alreadyAnswered) });
    const { user } = renderForm();
    await user.click(screen.getByRole('radio', { name: '불만족' }));
    await user.click(screen.getByRole('button', { name: '의견 보내기' }));
    await waitFor(() => expect(status()).toHaveTextContent(m.alreadyAnswered));
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('too many answers (429): says to try later and keeps the choice for another try', async () => {
    stubApi({ [SEND]: refuse(429, 'TOO_MANY_REQUESTS', '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.') });
    const { user } = renderForm();
    await user.click(screen.getByRole('radio', { name: '매우 불만족' }));
    await user.click(screen.getByRole('button', { name: '의견 보내기' }));
    await waitFor(() => expect(status()).toHaveTextContent(m.tooMany));
    expect(screen.getByRole('radio', { name: '매우 불만족' })).toBeChecked();
  });
});

describe('where the form is', () => {
  afterEach(() => vi.unstubAllGlobals());

  function at(path: string) {
    // No IntersectionObserver: the form loads at once (what a browser does once it scrolls near).
    vi.stubGlobal('IntersectionObserver', undefined);
    const router = createMemoryRouter([{ path: '*', element: <PageFeedback /> }], { initialEntries: [path] });
    return render(<RouterProvider router={router} />);
  }

  it.each(['/', '/nids/intro', '/Nids/notice/View/12', '/Account/Signin'])('at the foot of %s', async (path) => {
    at(path);
    expect(await screen.findByRole('group', { name: feedbackQuestion })).toBeInTheDocument();
  });

  it.each(['/admin', '/admin/members', '/TOS/Content/TermsContent'])('not on %s', async (path) => {
    const { container } = at(path);
    await new Promise((r) => setTimeout(r, 20));
    expect(container).toBeEmptyDOMElement();
  });
});
