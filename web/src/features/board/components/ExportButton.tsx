import type { Board, SearchType } from '@contract';
import { boardMessages } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiDownload, endpoint, saveBlob } from '@web/lib/api';
import { ReasonDialogButton } from '@web/ui/ReasonDialog';

/** The list query of the screen (search, sort, category), without page: what the export repeats. */
export interface ExportListQuery {
  sort: string;
  searchType?: SearchType;
  keyword?: string;
  category?: string;
}

const REASON_MIN = 2;

/** The board export's own rule (contract `boardItemExportQuery`): 2 to 200 characters. */
const reasonProblem = (reason: string) => {
  const trimmed = reason.trim();
  if (!trimmed) return boardMessages.exportReasonRequired;
  return trimmed.length < REASON_MIN ? `다운로드 사유를 ${REASON_MIN}자 이상 입력해주세요.` : '';
};

/**
 * 엑셀 다운로드 for administrators (issue 4): a modal dialog asks why (the server records it with
 * the export), then the .xlsx of the list as it is on screen is downloaded with the bearer token.
 */
export function ExportButton({ board, query }: { board: Board; query: ExportListQuery }) {
  return (
    <ReasonDialogButton
      label="엑셀 다운로드"
      title={`${board.name} 목록 엑셀 다운로드`}
      note="지금 보고 계신 목록(검색 조건 포함)을 내려받습니다. 개인정보 보호를 위해 다운로드 사유가 기록됩니다."
      fieldLabel="다운로드 사유"
      check={reasonProblem}
      maxLength={200}
      submitLabel="다운로드"
      busyLabel="내려받는 중…"
      failureMessage="엑셀 파일을 내려받지 못했습니다. 잠시 후 다시 시도해주세요."
      onSubmit={async (reason) => {
        const { blob, fileName } = await apiDownload(endpoint(endpointRoutes.boardItem.exportData, { boardCode: board.boardCode }), { query: { ...query, reason } });
        saveBlob(blob, fileName ?? `${board.name}.xlsx`);
        return '엑셀 파일을 내려받았습니다.';
      }}
    />
  );
}
