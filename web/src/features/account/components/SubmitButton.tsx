import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { uiMessages } from '../messages';

/** A button that says "처리 중…" and cannot be pressed again while its request runs. */
export function PendingButton({
  pending,
  children,
  className = 'button',
  type = 'button',
  disabled,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { pending: boolean; children: ReactNode }) {
  return (
    <button {...rest} type={type} className={className} disabled={pending || disabled} aria-busy={pending || undefined}>
      {pending ? uiMessages.pending : children}
    </button>
  );
}
