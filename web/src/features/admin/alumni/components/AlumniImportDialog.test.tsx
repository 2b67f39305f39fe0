import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alumniImportPreview, alumniImportReport, alumniMessages, uploadedFile, uploadUrlResponse } from '@contract';
import { ok, stubApi } from '@web/test/api-stub';
import { renderWithProviders } from '@web/test/render-screen';
import { AlumniImportDialog } from './AlumniImportDialog';

/**
 * 주소록 엑셀 가져오기 (issue 9): the file is asked for at its field, a file that is not .xlsx is
 * refused there, and the import's reason is checked by the contract's rule before the import is
 * sent with the chosen mode. The browser keeps the journey with a real workbook
 * (e2e/admin-alumni.spec.ts) and the sweep of each step (e2e/screens-admin.spec.ts).
 */

const fileId = '0b7f6a52-6a0e-4c3f-9a4e-2d1c5b8e9f01';
const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('the address book import', () => {
  it('asks for a file, refuses one that is not .xlsx, then imports with the reason and the mode chosen', async () => {
    const api = stubApi({
      'POST /api/alumni/upload-url': ok(uploadUrlResponse.parse({ uploadUrl: '/api/upload/one-time', expiresDate: '2026-12-02T04:00:00.000Z' })),
      'POST /api/upload/one-time': ok(uploadedFile.parse({ id: fileId, name: '명단.xlsx', size: 4, contentType: xlsx, url: '/api/file/x', thumbnailUrl: null })),
      'POST /api/alumni/import-preview': ok(alumniImportPreview.parse({ fields: ['name'], ignoredHeaders: [], rows: [{ row: 2, values: { name: '홍길동' } }], totalRows: 1 })),
      'POST /api/alumni/import-data': ok(
        alumniImportReport.parse({ mode: 'skipInvalid', applied: true, totalRows: 1, added: 1, updated: 0, unchanged: 0, rejected: 0, rejectedRows: [] }),
      ),
    });
    const { user } = renderWithProviders(<AlumniImportDialog open onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: '주소록 엑셀 가져오기' });
    const file = within(dialog).getByLabelText(/^엑셀 파일/);

    await user.click(within(dialog).getByRole('button', { name: '올리고 미리보기' }));
    await waitFor(() => expect(file).toHaveAccessibleDescription(/^가져올 엑셀 파일을 선택해주세요\./));
    expect(file).toHaveAttribute('aria-invalid', 'true');
    expect(file).toHaveFocus();

    // The picker's filter lets it through by its type; the form goes by the name.
    await user.upload(file, new File(['a,b'], '명단.csv', { type: xlsx }));
    await user.click(within(dialog).getByRole('button', { name: '올리고 미리보기' }));
    await waitFor(() => expect(file).toHaveAccessibleDescription(new RegExp(`^${alumniMessages.onlyXlsx.replace(/[.()]/g, '\\$&')}`)));
    expect(api.calls).toEqual([]);

    await user.upload(file, new File(['xlsx'], '명단.xlsx', { type: xlsx }));
    await user.click(within(dialog).getByRole('button', { name: '올리고 미리보기' }));
    const reason = await within(dialog).findByLabelText(/^가져오기 사유/);
    await user.click(within(dialog).getByRole('button', { name: '가져오기' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription(/^사유를 입력해주세요\./));
    expect(reason).toHaveFocus();
    expect(api.callsTo('POST /api/alumni/import-data')).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: /^올바른 행만 반영/ }));
    await user.type(reason, ' 학회 명단 ');
    await user.click(within(dialog).getByRole('button', { name: '가져오기' }));
    await within(dialog).findByRole('heading', { name: '3. 결과' });
    expect(api.callsTo('POST /api/alumni/import-data')[0]!.body).toEqual({ fileId, mode: 'skipInvalid', reason: '학회 명단' });
  });
});
