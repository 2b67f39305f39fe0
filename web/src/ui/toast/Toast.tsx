import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import './toast.css';

export type ToastTone = 'info' | 'success' | 'error';

interface ToastMessage {
  id: number;
  text: string;
  tone: ToastTone;
}

interface ToastApi {
  /** Shows a non-blocking notice (saved, copied, sent); it stays until closed or for a while unhovered. */
  show(text: string, tone?: ToastTone): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** How long a notice stays when nobody points at it or focuses it: long enough to read twice. */
const VISIBLE_MS = 8000;

/**
 * Toasts (KRDS 토스트): notices that do not interrupt. One polite live region is always in the page
 * (a region added together with its text is often not read), so screen readers hear each message;
 * errors that need an action stay alerts in the screen, not toasts. A notice pauses while hovered
 * or focused (WCAG 2.2.1) and has its own close button.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [messages, setMessages] = useState<ToastMessage[]>([]);
  const next = useRef(1);
  const close = useCallback((id: number) => setMessages((list) => list.filter((message) => message.id !== id)), []);
  const api = useMemo<ToastApi>(
    () => ({
      show: (text, tone = 'info') => {
        const id = next.current++;
        // The newest three are enough; older ones were read already.
        setMessages((list) => [...list.slice(-2), { id, text, tone }]);
      },
    }),
    [],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region" role="status" aria-live="polite" aria-label="알림">
        {messages.map((message) => (
          <ToastItem key={message.id} message={message} onClose={() => close(message.id)} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ message, onClose }: { message: ToastMessage; onClose: () => void }) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(onClose, VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [paused, onClose]);
  return (
    <div
      className={`toast toast--${message.tone}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <p className="toast__text">{message.text}</p>
      <button type="button" className="dismiss-button toast__close" onClick={onClose} aria-label="알림 닫기">
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** The toast API of the nearest ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider above it');
  return api;
}
