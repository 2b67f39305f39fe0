import { waitFor, within } from '@testing-library/react';

/**
 * The alert in `container` that says `text`, waited for: a form's submit handler and its resolver
 * run after the key or click that submitted it has returned, so on a busy machine the summary can
 * appear a few ticks later (a CI run once read the alerts before it was there).
 */
export async function findAlertSaying(container: HTMLElement, text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const alert = within(container)
      .queryAllByRole('alert')
      .find((element) => element.textContent?.includes(text));
    if (!alert) throw new Error(`no alert says "${text}" yet`);
    return alert;
  });
}
