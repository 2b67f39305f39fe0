import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminPopup, POPUP_IMAGE_ALT_MAX, popupMessages, uploadedFile, type AdminPopup } from '@contract';
import { ok, stubApi } from '@web/test/api-stub';
import { renderWithProviders } from '@web/test/render-screen';
import { PopupForm } from './PopupForm';

/**
 * A pop-up's image and its text alternative in the console form (issue 22, KWCAG 2.2 / WCAG
 * 1.1.1): the field is there only while an image is attached, says what to write and what an
 * empty one means, shows what staff wrote (never the title the answer falls back on), is checked
 * by the contract before anything is sent, and is sent with the image. The server's rules are in
 * server/modules/popup/popup.api.test.ts; the browser journey in e2e/popup.spec.ts.
 */

const ALT_LABEL = '이미지 대체 텍스트';
const ALT_HINT = '이미지에 담긴 글자와 뜻을 모두 적어 주세요. 비워 두면 제목을 대체 텍스트로 씁니다.';
const IMAGE_ID = '00000000-0000-4000-8000-000000000007';
const POSTER_TEXT = '2026 환자등록사업 설명회: 12월 31일 14시 남산스퀘어빌딩 14층 대회의실';

const popupOf = (overrides: Partial<AdminPopup> = {}): AdminPopup =>
  adminPopup.parse({
    id: 7,
    title: '설명회 안내',
    body: '<p>설명회를 엽니다.</p>',
    imageUrl: null,
    imageAlt: '설명회 안내',
    linkUrl: null,
    startsAt: '2026-12-01T09:00:00+09:00',
    endsAt: '2026-12-31T18:00:00+09:00',
    screen: 'home',
    imageFileId: null,
    imageAltText: null,
    state: 'active',
    createdDate: '2026-11-20T10:00:00+09:00',
    modifiedDate: '2026-11-20T10:00:00+09:00',
    ...overrides,
  });

const withPoster = (imageAltText: string | null) =>
  popupOf({ imageFileId: IMAGE_ID, imageUrl: `/api/file/${IMAGE_ID}`, imageAltText, imageAlt: imageAltText ?? '설명회 안내' });

function open(popup: AdminPopup) {
  const onDone = vi.fn();
  const rendered = renderWithProviders(<PopupForm popup={popup} onDone={onDone} />);
  return { ...rendered, onDone, form: screen.getByRole('form', { name: '팝업 수정' }) };
}

const save = (user: ReturnType<typeof open>['user']) => user.click(screen.getByRole('button', { name: '저장' }));
const patches = (api: ReturnType<typeof stubApi>) => api.callsTo('PATCH /api/admin/popup/7').map((call) => call.body);

describe('the pop-up form: the image\'s text alternative', () => {
  it('appears only once an image is attached, labelled with its hint tied, and what staff write is sent with the image', async () => {
    const uploaded = uploadedFile.parse({ id: IMAGE_ID, name: 'poster.png', size: 3, contentType: 'image/png', url: `/api/file/${IMAGE_ID}`, thumbnailUrl: null });
    const api = stubApi({
      'GET /api/admin/popup': ok({ content: [] }),
      'PUT /api/board-item/images': ok(uploaded),
      'PATCH /api/admin/popup/7': ok(withPoster(POSTER_TEXT)),
    });
    const { user, onDone } = open(popupOf());
    expect(screen.queryByLabelText(ALT_LABEL)).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText('이미지 (선택)'), new File(['png'], 'poster.png', { type: 'image/png' }));
    const alt = await screen.findByLabelText(ALT_LABEL);
    expect(alt.tagName).toBe('TEXTAREA');
    expect(alt).toHaveValue('');
    expect(alt).toHaveAccessibleDescription(ALT_HINT);

    await user.type(alt, POSTER_TEXT);
    await save(user);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(popupMessages.updated));
    expect(patches(api)).toEqual([expect.objectContaining({ imageFileId: IMAGE_ID, imageAlt: POSTER_TEXT })]);
  });

  it('shows the text staff wrote, not the title; a pop-up without one shows an empty field, saved as none', async () => {
    const api = stubApi({ 'PATCH /api/admin/popup/7': ok(withPoster(null)) });
    const first = open(withPoster(POSTER_TEXT));
    expect(screen.getByLabelText(ALT_LABEL)).toHaveValue(POSTER_TEXT);
    first.unmount();

    const { user, onDone } = open(withPoster(null));
    expect(screen.getByLabelText(ALT_LABEL)).toHaveValue('');
    await save(user);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(popupMessages.updated));
    expect(patches(api)).toEqual([expect.objectContaining({ imageFileId: IMAGE_ID, imageAlt: '' })]);
  });

  it('over 1000 characters: the contract\'s sentence at the field, which is marked and focused, and nothing is sent', async () => {
    const api = stubApi({});
    const { user } = open(withPoster(null));
    const alt = screen.getByLabelText(ALT_LABEL);
    await user.click(alt);
    await user.paste('가'.repeat(POPUP_IMAGE_ALT_MAX + 1));
    await save(user);
    await waitFor(() => expect(alt).toHaveAttribute('aria-invalid', 'true'));
    expect(alt).toHaveAccessibleDescription(`${popupMessages.imageAltTooLong} ${ALT_HINT}`);
    expect(alt).toHaveFocus();
    expect(api.calls).toEqual([]);
  });

  it('goes with the image: once it is taken out, the field is gone and no text alternative is sent', async () => {
    const api = stubApi({ 'PATCH /api/admin/popup/7': ok(popupOf()) });
    const { user, onDone } = open(withPoster(POSTER_TEXT));
    await user.click(screen.getByRole('button', { name: '이미지 빼기' }));
    expect(screen.queryByLabelText(ALT_LABEL)).not.toBeInTheDocument();
    await save(user);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(popupMessages.updated));
    expect(patches(api)).toEqual([expect.objectContaining({ imageFileId: null, imageAlt: null })]);
  });
});
