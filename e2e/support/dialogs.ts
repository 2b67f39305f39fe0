import { expect, type Locator, type Page } from '@playwright/test';
import { escapeRegExp } from '../fixtures';

/**
 * The spec's alerts (section 8) are `window.alert`s, and some steps ask with `window.confirm`.
 * This accepts every dialog of the page and keeps its text, so a test can assert the exact
 * Korean sentence the member saw, in order.
 */
export function recordDialogs(page: Page): { readonly messages: string[]; waitFor(text: string): Promise<void> } {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return {
    messages,
    async waitFor(text: string) {
      await expect.poll(() => messages, { message: `the alert "${text}"` }).toContain(text);
    },
  };
}

/** A form field by its exact label, with or without the "(필수)" mark. */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*(\\(필수\\))?$`));
}
