import { Link } from 'react-router';
import { paths } from '../../../../contract';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * Sign-in, sign-up and account recovery arrive with the accounts issue (#3). Until then the
 * menu links land here and say so plainly, instead of a broken page.
 */
export function Component() {
  useDocumentTitle('회원서비스 준비 중');
  return (
    <section className="page">
      <h1 className="page__title">회원서비스 준비 중</h1>
      <p>회원가입·로그인 서비스를 준비하고 있습니다. 공지사항과 자료실은 로그인하지 않아도 이용하실 수 있습니다.</p>
      <p>
        <Link className="button button--primary" to={paths.home}>
          첫 화면으로
        </Link>
      </p>
    </section>
  );
}
