import { expect } from '@playwright/test';
import type { CaughtMessage } from '@server/test/mail-catcher';
import { pincodeIn } from '@server/test/mail-catcher';

/**
 * What the site sent to an address, read from the local mail catcher (SMTP and SMS webhook,
 * e2e/support/mail-catcher-server.ts). The site under test delivers for real; nothing is mocked.
 */
const inboxURL = () => `http://127.0.0.1:${process.env.E2E_MAIL_PORT}/messages`;

export async function messagesTo(address: string): Promise<CaughtMessage[]> {
  const response = await fetch(`${inboxURL()}?to=${encodeURIComponent(address)}`);
  expect(response.ok, 'the mail catcher answers').toBe(true);
  return (await response.json()) as CaughtMessage[];
}

/** Waits for the next message to `address` beyond the `seen` already read and returns it. */
export async function nextMessage(address: string, seen = 0): Promise<CaughtMessage> {
  let messages: CaughtMessage[] = [];
  await expect
    .poll(async () => (messages = await messagesTo(address)).length, { message: `a message to ${address}`, timeout: 15_000 })
    .toBeGreaterThan(seen);
  return messages[messages.length - 1]!;
}

/** Waits for the next pincode sent to `address` and returns its 6 digits. */
export async function nextPincode(address: string, seen = 0): Promise<string> {
  const message = await nextMessage(address, seen);
  const pincode = pincodeIn(message);
  expect(pincode, `a 6-digit pincode in: ${message.text}`).toMatch(/^\d{6}$/);
  return pincode!;
}
