import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { download, refuse, stubApi } from '@web/test/api-stub';
import { renderWithProviders } from '@web/test/render-screen';
import { AccessRecordExportDialog } from './AccessRecordExportDialog';

/**
 * The console's reason dialog (ui/ReasonDialog.tsx with the console's reason rule), as the access
 * records' export uses it; the member list's export and the retirement ask through the same
 * component. The browser sweeps (e2e/screens-admin.spec.ts) still picture it open with its error.
 */

function open() {
  // The download link is clicked by saveBlob; happy-dom has no object URLs of its own.
  // Spies on the shared URL class (restored after each test by web/src/test/setup.ts), not a changed class.
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  return renderWithProviders(<AccessRecordExportDialog filters={{ action: 'MEMBER_VIEW' }} summary="동작: 회원 조회" />);
}

describe('the access records\' export dialog', () => {
  // Which element the native <dialog> focuses on opening, and Escape, are the browser's: the
  // sweeps' keyboard walk checks them (e2e/support/keyboard-walk.ts).
  it('opens described by what it exports; empty, it says 사유를 입력해주세요. at the reason and sends nothing; 취소 closes it and the focus goes back', async () => {
    const api = stubApi({});
    const { user } = open();
    const button = screen.getByRole('button', { name: '엑셀 다운로드' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: '접근기록 엑셀 다운로드' });
    const reason = within(dialog).getByLabelText(/^다운로드 사유/);
    expect(dialog).toHaveAccessibleDescription(/조회 조건\(동작: 회원 조회\)에 맞는 접근기록을 내려받습니다\./);

    await user.click(within(dialog).getByRole('button', { name: '다운로드' }));
    expect(within(dialog).getByText('사유를 입력해주세요.')).toBeVisible();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(/사유를 입력해주세요\./);
    expect(reason).toHaveFocus();
    expect(api.calls).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '접근기록 엑셀 다운로드' })).toBeNull());
    expect(button).toHaveFocus();
  });

  it('with a reason it sends the filters and the reason, closes, and says the file was downloaded', async () => {
    const api = stubApi({ 'POST /api/admin/access-records/export-data': download('xlsx-bytes', '접근기록.xlsx') });
    const { user } = open();
    await user.click(screen.getByRole('button', { name: '엑셀 다운로드' }));
    const dialog = await screen.findByRole('dialog', { name: '접근기록 엑셀 다운로드' });
    await user.type(within(dialog).getByLabelText(/^다운로드 사유/), '정기 점검');
    await user.click(within(dialog).getByRole('button', { name: '다운로드' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('접근기록 엑셀 파일을 내려받았습니다.'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST /api/admin/access-records/export-data').map((call) => call.body)).toEqual([{ action: 'MEMBER_VIEW', reason: '정기 점검' }]);
  });

  it('a refused export keeps the dialog open with the server\'s sentence', async () => {
    stubApi({ 'POST /api/admin/access-records/export-data': refuse(403, 'FORBIDDEN', '권한이 없습니다.') });
    const { user } = open();
    await user.click(screen.getByRole('button', { name: '엑셀 다운로드' }));
    const dialog = await screen.findByRole('dialog', { name: '접근기록 엑셀 다운로드' });
    await user.type(within(dialog).getByLabelText(/^다운로드 사유/), '정기 점검');
    await user.click(within(dialog).getByRole('button', { name: '다운로드' }));
    expect(await within(dialog).findByText('권한이 없습니다.')).toBeVisible();
    expect(screen.getByRole('dialog', { name: '접근기록 엑셀 다운로드' })).toBeVisible();
  });
});
