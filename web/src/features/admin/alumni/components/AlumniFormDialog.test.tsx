import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { alumniMessages } from '@contract';
import { ok, refuse, stubApi } from '@web/test/api-stub';
import { renderWithProviders } from '@web/test/render-screen';
import { AlumniFormDialog } from './AlumniFormDialog';

/**
 * 주소록 등록 (the console's address book form, issue 9): the contract's rules said at each field
 * before anything is sent, the first wrong field focused, the server's refusal of a taken e-mail
 * at the e-mail, and the record sent. The browser keeps the full journey (e2e/admin-alumni.spec.ts)
 * and the sweep of the form with its errors (e2e/screens-admin.spec.ts).
 */

function open() {
  const onSaved = vi.fn();
  const rendered = renderWithProviders(<AlumniFormDialog record={null} open onClose={() => undefined} onSaved={onSaved} />);
  return { ...rendered, onSaved, dialog: screen.getByRole('dialog', { name: '주소록 등록' }) };
}

describe('the address book form', () => {
  it('empty: 이름을 입력해주세요. at 이름, which is focused, and nothing is sent', async () => {
    const api = stubApi({});
    const { user, dialog } = open();
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    const name = within(dialog).getByLabelText(/^이름/);
    expect(within(dialog).getByText(alumniMessages.nameRequired)).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(new RegExp(alumniMessages.nameRequired.replace('.', '\\.')));
    expect(name).toHaveFocus();
    expect(api.calls).toEqual([]);
  });

  it('a malformed e-mail is refused at the e-mail field with the contract\'s sentence', async () => {
    const api = stubApi({});
    const { user, dialog } = open();
    await user.type(within(dialog).getByLabelText(/^이름/), '홍길동');
    await user.type(within(dialog).getByLabelText(/^이메일/), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    const email = within(dialog).getByLabelText(/^이메일/);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(new RegExp(alumniMessages.emailFormat.replace('.', '\\.')));
    expect(email).toHaveFocus();
    expect(api.calls).toEqual([]);
  });

  it('a taken e-mail (409) is said at the e-mail field; a good record is sent and reported', async () => {
    const api = stubApi({ 'PUT /api/alumni': refuse(409, 'CONFLICT', alumniMessages.emailTaken, 'email') });
    const { user, dialog, onSaved } = open();
    await user.type(within(dialog).getByLabelText(/^이름/), '홍길동');
    await user.type(within(dialog).getByLabelText(/^이메일/), 'hong@example.test');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    const email = within(dialog).getByLabelText(/^이메일/);
    await waitFor(() => expect(email).toHaveAccessibleDescription(new RegExp(alumniMessages.emailTaken.replace('.', '\\.'))));
    expect(email).toHaveFocus();
    expect(onSaved).not.toHaveBeenCalled();

    api.set({ 'PUT /api/alumni': ok({ id: 7 }) });
    await user.clear(email);
    await user.type(email, 'hong2@example.test');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(alumniMessages.created));
    expect(api.callsTo('PUT /api/alumni').at(-1)!.body).toMatchObject({ name: '홍길동', email: 'hong2@example.test' });
  });
});
