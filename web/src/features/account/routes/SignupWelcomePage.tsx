import { Link, useLocation } from 'react-router';
import { paths } from '@contract';
import { AccountPage } from '../components/AccountPage';
import '@web/ui/form/forms.css';
import '../account.css';

/** What the sign-up screen hands over (router state, so a reload of this page keeps it). */
export interface WelcomeState {
  userName: string;
}

function welcomeName(state: unknown): string | null {
  const name = typeof state === 'object' && state !== null && 'userName' in state ? (state as WelcomeState).userName : null;
  return typeof name === 'string' && name.trim() ? name.trim() : null;
}

/** Account/Signup/Welcome (spec §2): greets the new member by the name sign-up answered with. */
export function Component() {
  const location = useLocation();
  const name = welcomeName(location.state);
  return (
    <AccountPage title="회원가입 완료">
      <div className="account-box account-welcome">
        {name ? (
          <p className="account-welcome__greeting">
            <strong>{name}</strong>님, 회원가입을 환영합니다.
          </p>
        ) : (
          <p className="account-welcome__greeting">회원가입을 환영합니다.</p>
        )}
        <p>로그인하시면 회원 공지와 커뮤니티 등 회원 서비스를 이용하실 수 있습니다.</p>
        <p className="account-actions">
          <Link className="button button--primary" to={paths.signin}>
            로그인
          </Link>
          <Link className="button" to={paths.home}>
            첫 화면으로
          </Link>
        </p>
      </div>
    </AccountPage>
  );
}
