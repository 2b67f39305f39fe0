import { Link } from 'react-router';
import { paths } from '@contract';

/** Sign-in and sign-up screens opened by a member who is already signed in. */
export function AlreadySignedIn({ name }: { name: string }) {
  return (
    <div className="account-box">
      <p>
        <strong>{name}</strong>님은 이미 로그인되어 있습니다.
      </p>
      <p className="account-actions">
        <Link className="button button--primary" to={paths.home}>
          첫 화면으로
        </Link>
        <Link className="button" to={paths.myPage}>
          마이페이지
        </Link>
      </p>
    </div>
  );
}
