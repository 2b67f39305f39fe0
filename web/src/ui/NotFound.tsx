import { Link } from 'react-router';
import { paths } from '@contract';
import { useDocumentTitle } from '../lib/use-document-title';

/** The Korean not-found screen, for unknown routes and unknown boards or posts. */
export function NotFound({ message }: { message?: string }) {
  useDocumentTitle('페이지를 찾을 수 없습니다');
  return (
    <section className="error-screen" aria-labelledby="not-found-title">
      <p className="error-screen__code" aria-hidden="true">404</p>
      <h1 id="not-found-title">페이지를 찾을 수 없습니다</h1>
      <p>{message ?? '주소가 잘못 입력되었거나, 페이지가 이동 또는 삭제되었습니다. 입력하신 주소를 다시 확인해주세요.'}</p>
      <Link className="button button--primary" to={paths.home}>
        첫 화면으로
      </Link>
    </section>
  );
}
