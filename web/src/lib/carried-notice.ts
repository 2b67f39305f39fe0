import { screenPathKey } from '@contract';

/**
 * A message shown as an alert just before the screen changes (spec §8: "비밀번호가 재설정
 * 되었습니다." and on to the home page; a password change or a refused refresh that signs the
 * member out), kept for the screen the member lands on, so it is also in the page where a screen
 * reader finds it after the alert has gone (issue 11).
 *
 * A notice names the screens it belongs to. It shows while the member is on one of them and goes
 * once they move to any other screen, or close it.
 */
export interface CarriedNotice {
  id: number;
  text: string;
  tone: 'success' | 'info' | 'error';
  /** Lower-case paths (the router ignores case) of the screens it shows on. */
  on: readonly string[];
}

type Listener = () => void;

let current: CarriedNotice | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

function publish(notice: CarriedNotice | null): void {
  current = notice;
  for (const listener of listeners) listener();
}

/** Keeps `text` for the screens at `on` (paths as in contract/paths). */
export function carryNotice(text: string, on: readonly string[], tone: CarriedNotice['tone'] = 'info'): void {
  publish({ id: nextId++, text, tone, on: on.map(screenPathKey) });
}

/**
 * The spec's alert for a message followed by a change of screen, and the same message carried to
 * the screens at `on`: the one call for both, so neither goes without the other.
 */
export function alertAndCarry(text: string, on: readonly string[], tone: CarriedNotice['tone'] = 'info'): void {
  window.alert(text);
  carryNotice(text, on, tone);
}

export function carriedNotice(): CarriedNotice | null {
  return current;
}

export function subscribeCarriedNotice(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The member moved to `pathname`: a notice that does not belong there goes. */
export function leftFor(pathname: string): void {
  if (current && !belongsOn(current, pathname)) publish(null);
}

export function dismissCarriedNotice(id: number): void {
  if (current?.id === id) publish(null);
}

export function belongsOn(notice: CarriedNotice, pathname: string): boolean {
  return notice.on.includes(screenPathKey(pathname));
}
