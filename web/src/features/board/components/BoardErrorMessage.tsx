import { Link, useLocation } from 'react-router';
import type { Board } from '@contract';
import { messages, paths } from '@contract';
import { secondLine } from '@web/lib/second-line';
import { errorStatus } from '../board-route';

export const membersOnlyMessage = '회원만 이용할 수 있는 게시판입니다. 로그인 후 이용해주세요.';

/**
 * Why a board or a post cannot be shown: a guest on a members-only board is asked to sign in (401),
 * a member without the right is told so (403), anything else gets the server's Korean message.
 */
export function BoardErrorMessage({ error, board, onRetry }: { error: unknown; board?: Board; onRetry?: () => void }) {
  const location = useLocation();
  const status = errorStatus(error);
  if (status === 401) {
    // Inside a readable board a 401 is about the post (a secret post): the server says why.
    const boardIsOpen = board?.permissions.list && board.permissions.read;
    const text = boardIsOpen && error instanceof Error ? error.message : membersOnlyMessage;
    return (
      <div className="alert board-alert" role="alert">
        <p>{text}</p>
        <Link className="button button--primary" to={paths.signin} state={{ from: `${location.pathname}${location.search}` }}>
          로그인
        </Link>
      </div>
    );
  }
  if (status === 403) {
    // The server's reason (a secret post, the writer only...) under the general sentence.
    const detail = secondLine(messages.forbidden, error instanceof Error ? error.message : null);
    return (
      <div className="alert board-alert" role="alert">
        <p>{messages.forbidden}</p>
        {detail && <p>{detail}</p>}
      </div>
    );
  }
  return (
    <div className="alert alert--error board-alert" role="alert">
      <p>{error instanceof Error && error.message ? error.message : messages.internalError}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          다시 시도
        </button>
      )}
    </div>
  );
}
