import { useQueryClient } from '@tanstack/react-query';
import { saveBlob } from '@web/lib/api';
import { ReasonDialogButton } from '@web/ui/ReasonDialog';
import { accessReasonProblem } from '../shared/access-reason';
import { exportAccessRecords, type AccessRecordFilters } from './api';

/**
 * 엑셀 다운로드 of the access records as filtered on screen: a modal dialog asks why (required;
 * the export is itself written to the access records with it).
 */
export function AccessRecordExportDialog({ filters, summary }: { filters: AccessRecordFilters; summary: string }) {
  const queryClient = useQueryClient();
  return (
    <ReasonDialogButton
      label="엑셀 다운로드"
      title="접근기록 엑셀 다운로드"
      note={`조회 조건(${summary})에 맞는 접근기록을 내려받습니다. 다운로드 사유와 함께 이 다운로드도 접근기록에 남습니다.`}
      fieldLabel="다운로드 사유"
      check={accessReasonProblem}
      submitLabel="다운로드"
      busyLabel="내려받는 중…"
      failureMessage="엑셀 파일을 내려받지 못했습니다. 잠시 후 다시 시도해주세요."
      onSubmit={async (reason) => {
        const { blob, fileName } = await exportAccessRecords({ ...filters, reason });
        saveBlob(blob, fileName ?? '접근기록.xlsx');
        // The export wrote a record of its own: show it.
        void queryClient.invalidateQueries({ queryKey: ['admin', 'access-records'] });
        return '접근기록 엑셀 파일을 내려받았습니다. 이 다운로드도 접근기록에 남았습니다.';
      }}
    />
  );
}
