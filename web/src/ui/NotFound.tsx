import { Link } from 'react-router';
import { notFoundTitle, paths } from '@contract';
import { useDocumentTitle } from '../lib/use-document-title';
import { useNoIndex } from '../lib/use-no-index';

/** The Korean not-found screen, for unknown routes and unknown boards or posts. */
export function NotFound({ message }: { message?: string }) {
  useDocumentTitle(notFoundTitle);
  // Search engines must not index the address as a page (issue 23), on a first load or in the app.
  useNoIndex();
  return (
    <section className="error-screen" aria-labelledby="not-found-title">
      <p className="error-screen__code" aria-hidden="true">404</p>
      <h1 id="not-found-title">{notFoundTitle}</h1>
      <p>{message ?? '주소가 잘못 입력되었거나, 페이지가 이동 또는 삭제되었습니다. 입력하신 주소를 다시 확인해주세요.'}</p>
      <Link className="button button--primary" to={paths.home}>
        첫 화면으로
      </Link>
    </section>
  );
}
