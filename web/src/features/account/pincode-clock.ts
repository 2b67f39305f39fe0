/** How long a pincode stays valid after it was sent, and when another may be asked for. */
export const PINCODE_VALID_SECONDS = 5 * 60;
export const PINCODE_RESEND_SECONDS = 60;

export interface PincodeClock {
  /** Seconds of validity left (0 when expired). */
  remaining: number;
  expired: boolean;
  /** Seconds until another pincode may be requested (0: now). */
  resendIn: number;
}

export function pincodeClock(sentAt: number, now: number): PincodeClock {
  const elapsed = Math.max(0, (now - sentAt) / 1000);
  const remaining = Math.max(0, Math.ceil(PINCODE_VALID_SECONDS - elapsed));
  return { remaining, expired: remaining === 0, resendIn: Math.max(0, Math.ceil(PINCODE_RESEND_SECONDS - elapsed)) };
}
