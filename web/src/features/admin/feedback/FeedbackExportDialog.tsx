import { saveBlob } from '@web/lib/api';
import { ReasonDialogButton } from '@web/ui/ReasonDialog';
import { accessReasonProblem } from '../shared/access-reason';
import { exportFeedback, type FeedbackPeriod } from './api';

/**
 * 엑셀 다운로드 of the period's answers: comments are free text a visitor may have put personal
 * data in, so the export asks why and is written to the access records, as every export.
 */
export function FeedbackExportDialog({ period }: { period: FeedbackPeriod }) {
  return (
    <ReasonDialogButton
      label="엑셀 다운로드"
      title="만족도 조사 엑셀 다운로드"
      note={`기간(${period.from} ~ ${period.to})의 응답과 의견을 내려받습니다. 다운로드 사유와 함께 이 다운로드는 접근기록에 남습니다.`}
      fieldLabel="다운로드 사유"
      check={accessReasonProblem}
      submitLabel="다운로드"
      busyLabel="내려받는 중…"
      failureMessage="엑셀 파일을 내려받지 못했습니다. 잠시 후 다시 시도해주세요."
      onSubmit={async (reason) => {
        const { blob, fileName } = await exportFeedback({ ...period, reason });
        saveBlob(blob, fileName ?? '만족도조사.xlsx');
        return '만족도 조사 엑셀 파일을 내려받았습니다. 이 다운로드는 접근기록에 남았습니다.';
      }}
    />
  );
}
