import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '@contract';
import { extendSession, isUnreachable } from '@web/lib/api';
import { getSessionStore, sessionTimeline, SESSION_END_EARLY_MS, type Session } from '@web/lib/session';
import { useSession, useSignOut } from '@web/lib/use-session';
import { formatRemaining, spokenRemaining } from '../format';
import type { ReturnState } from '../account-paths';
import '@web/ui/dialog.css';
import './session-expiry.css';

/** The longest delay setTimeout keeps (about 24.8 days); a later time is re-checked then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const sessionExpiryMessages = {
  warningTitle: '로그인 시간이 곧 끝납니다',
  warning: '안전한 이용을 위해 로그인 후 이용이 없으면 자동으로 로그아웃됩니다. 계속 이용하시려면 로그인 시간을 연장해주세요.',
  extend: '로그인 연장',
  signOut: '로그아웃',
  extended: '로그인 시간이 연장되었습니다.',
  unreachable: '서버에 연결할 수 없어 연장하지 못했습니다. 잠시 후 다시 시도해주세요.',
  expiredTitle: '로그아웃되었습니다',
  expired: '로그인 시간이 끝나 자동으로 로그아웃되었습니다. 계속 이용하시려면 다시 로그인해주세요.',
} as const;

type Phase =
  | { kind: 'quiet' }
  /** The warning for the session that expires at `expiresAt` (shown, or put away with Escape). */
  | { kind: 'warning'; expiresAt: number; dismissed: boolean; failure: string }
  | { kind: 'ended'; message: string; from: string };

/**
 * KWCAG 2.2.1 (timing adjustable): a member whose session is about to end is told so five minutes
 * before, in a modal alert dialog that takes the focus, and may extend it (the refresh token is
 * exchanged through the API) or sign out; Escape or 닫기 puts the warning away. Ignored, the member
 * is signed out just before the token runs out (the refresh token is revoked on the server too)
 * and told so. Mounted once, in the layout, for every screen.
 */
export function SessionExpiryWarning() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const { signOut } = useSignOut();
  const [phase, setPhase] = useState<Phase>({ kind: 'quiet' });
  const [announcement, setAnnouncement] = useState('');
  const [extending, setExtending] = useState(false);
  // A warning due as the page opens waits a moment: the page's own calls usually renew the token first.
  const [settledAt] = useState(() => Date.now() + 2000);
  const here = `${location.pathname}${location.search}`;
  const hereRef = useRef(here);
  hereRef.current = here;
  const leaving = useRef(false);
  const expiresAt = session.signedIn ? session.expiresAt : null;

  // The timers of this session: the warning, then the end.
  useEffect(() => {
    if (expiresAt === null) return;
    const { warnIn, endIn } = sessionTimeline(expiresAt, Date.now(), settledAt);
    const timers = [
      window.setTimeout(() => {
        setAnnouncement('');
        setPhase((now) => (now.kind === 'warning' && now.expiresAt === expiresAt ? now : { kind: 'warning', expiresAt, dismissed: false, failure: '' }));
      }, Math.min(warnIn, MAX_TIMER_MS)),
    ];
    if (endIn <= MAX_TIMER_MS) {
      timers.push(
        window.setTimeout(() => {
          setPhase({ kind: 'ended', message: sessionExpiryMessages.expired, from: hereRef.current });
          // Revokes the refresh token on the server, then clears the session of every tab. The
          // member's drafts stay (they did not choose to leave): theirs again after signing in.
          void signOut();
        }, endIn),
      );
    }
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [expiresAt, settledAt, signOut]);

  // A session that ran out without the timer above (a tab asleep past the time): said all the same.
  const previous = useRef<Session>(session);
  useEffect(() => {
    const before = previous.current;
    previous.current = session;
    if (!before.signedIn || session.signedIn || leaving.current) {
      leaving.current = false;
      return;
    }
    if (Date.now() >= before.expiresAt - SESSION_END_EARLY_MS - 1000) {
      setPhase((now) => (now.kind === 'ended' ? now : { kind: 'ended', message: sessionExpiryMessages.expired, from: hereRef.current }));
      // An administrator's idle limit (issue 12) passed while the token still lives: its sign-in is
      // ended on the server too and the tokens cleared, as the timer above would have done.
      if (getSessionStore().refreshToken()) void signOut();
    }
  }, [session, signOut]);

  async function extend() {
    if (extending || phase.kind !== 'warning') return;
    setExtending(true);
    try {
      await extendSession();
      // Put away at once: the new token's end normally differs and hides it anyway, but one issued
      // within the same second as the last has the same `exp`, and the warning must not stay up.
      setPhase({ kind: 'quiet' });
      setAnnouncement(sessionExpiryMessages.extended);
    } catch (err) {
      if (isUnreachable(err)) setPhase({ ...phase, failure: sessionExpiryMessages.unreachable });
      // Refused (the sign-in was ended elsewhere): the member is signed out, with the server's words.
      else setPhase({ kind: 'ended', message: err instanceof Error && err.message ? err.message : sessionExpiryMessages.expired, from: hereRef.current });
    } finally {
      setExtending(false);
    }
  }

  function leave() {
    leaving.current = true;
    setPhase({ kind: 'quiet' });
    void signOut({ forget: true, beforeClear: () => navigate(paths.home) });
  }

  const warning = phase.kind === 'warning' && !phase.dismissed && phase.expiresAt === expiresAt ? phase : null;
  return (
    <>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {warning && (
        <AlertDialog title={sessionExpiryMessages.warningTitle} onClose={() => setPhase({ ...warning, dismissed: true })}>
          {(ids, initialFocus) => (
            <>
              <div id={ids.description}>
                <p>{sessionExpiryMessages.warning}</p>
                <Countdown expiresAt={warning.expiresAt} />
              </div>
              <div role="alert" className={warning.failure ? 'form-message form-message--error' : undefined}>
                {warning.failure && <p>{warning.failure}</p>}
              </div>
              <div className="dialog__actions">
                <button type="button" className="button" onClick={leave}>
                  {sessionExpiryMessages.signOut}
                </button>
                <button ref={initialFocus} type="button" className="button button--primary" onClick={() => void extend()} disabled={extending} aria-busy={extending || undefined}>
                  {extending ? '처리 중…' : sessionExpiryMessages.extend}
                </button>
              </div>
            </>
          )}
        </AlertDialog>
      )}
      {phase.kind === 'ended' && (
        <AlertDialog title={sessionExpiryMessages.expiredTitle} onClose={() => setPhase({ kind: 'quiet' })} closeButton={false}>
          {(ids, initialFocus) => (
            <>
              <p id={ids.description}>{phase.message}</p>
              <div className="dialog__actions">
                <button ref={initialFocus} type="button" className="button" onClick={() => setPhase({ kind: 'quiet' })}>
                  확인
                </button>
                <Link className="button button--primary" to={paths.signin} state={{ from: phase.from } satisfies ReturnState} onClick={() => setPhase({ kind: 'quiet' })}>
                  다시 로그인
                </Link>
              </div>
            </>
          )}
        </AlertDialog>
      )}
    </>
  );
}

/** The time left, "남은 시간 4:59", ticking each second; read once with the dialog, not every second. */
function Countdown({ expiresAt }: { expiresAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const seconds = Math.max(0, (expiresAt - now) / 1000);
  return (
    <p className="session-expiry__countdown">
      남은 시간{' '}
      <span role="timer" aria-live="off">
        <span aria-hidden="true">{formatRemaining(seconds)}</span>
        <span className="visually-hidden">{spokenRemaining(seconds)}</span>
      </span>
    </p>
  );
}

/**
 * A modal alert dialog (role="alertdialog" on the native <dialog>, so the rest of the page is
 * inert): opened on mount with the focus on `initialFocus`, closed by Escape or the 닫기 button
 * (onClose), and the focus goes back where it was when it unmounts.
 */
function AlertDialog({
  title,
  onClose,
  closeButton = true,
  children,
}: {
  title: string;
  onClose: () => void;
  /** An ✕ 닫기 button beside the title (the warning; the notice after the end has its own 확인). */
  closeButton?: boolean;
  children: (ids: { description: string }, initialFocus: (element: HTMLElement | null) => void) => ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const first = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const id = useId();
  const ids = { title: `${id}-title`, description: `${id}-description` };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    first.current?.focus();
    const closed = () => onCloseRef.current();
    dialog.addEventListener('close', closed);
    return () => {
      dialog.removeEventListener('close', closed);
      if (dialog.open) dialog.close();
      if (before?.isConnected) before.focus();
    };
  }, []);

  return (
    <dialog ref={ref} role="alertdialog" className="dialog dialog--narrow session-expiry" aria-labelledby={ids.title} aria-describedby={ids.description}>
      <div className="dialog__body">
        <div className="session-expiry__header">
          <h2 className="dialog__title" id={ids.title}>
            {title}
          </h2>
          {closeButton && (
            <button type="button" className="session-expiry__close" aria-label="닫기" onClick={() => ref.current?.close()}>
              <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                <path d="M3.5 2.4 8 6.9l4.5-4.5 1.1 1.1L9.1 8l4.5 4.5-1.1 1.1L8 9.1l-4.5 4.5-1.1-1.1L6.9 8 2.4 3.5z" fill="currentColor" />
              </svg>
            </button>
          )}
        </div>
        {children(ids, (element) => {
          first.current = element;
        })}
      </div>
    </dialog>
  );
}
