import { useEffect, useState } from 'react';
import { pincodeClock, type PincodeClock } from '../pincode-clock';

/** Ticks once a second while `active`, for countdowns. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

/** The 5:00 validity countdown after a pincode was sent, and the 60 s wait before another. */
export function usePincodeTimer(sentAt: number | null): PincodeClock | null {
  const [tickingFor, setTickingFor] = useState<number | null>(null);
  const now = useNow(sentAt !== null && tickingFor !== sentAt);
  if (sentAt === null) return null;
  // The clock last ticked before the send: count from the send itself.
  const clock = pincodeClock(sentAt, Math.max(now, sentAt));
  if (clock.expired && tickingFor !== sentAt) setTickingFor(sentAt);
  return clock;
}
