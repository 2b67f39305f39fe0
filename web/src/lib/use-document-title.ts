import { useEffect } from 'react';

const SITE = '인체이식형 의료기기 환자등록사업';

/** A Korean <title> per screen: "화면 제목 | 사이트 이름". */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE}` : SITE;
  }, [title]);
}
