import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { errorEnvelope, type ErrorCode } from '@contract';
import { body } from './harness';

type Res = Pick<LightMyRequestResponse, 'statusCode' | 'body'>;

/**
 * A refusal with this status and code and a message in Korean: exactly `message` when it is a
 * string, matching it when it is a pattern.
 */
export function expectRefusal(res: Res | undefined, status: number, code: ErrorCode, message?: string | RegExp): void {
  expect(res, 'no response').toBeDefined();
  expect(res!.statusCode, res!.body).toBe(status);
  const b = body<{ code: string; message: string }>(res!);
  // The contract's envelope: a code of the closed list, no key it does not name.
  expect(errorEnvelope.strict().safeParse(b).error?.issues ?? [], res!.body).toEqual([]);
  expect(b.code).toBe(code);
  expect(b.message).toMatch(/[가-힣]/);
  if (typeof message === 'string') expect(b.message).toBe(message);
  else if (message) expect(b.message).toMatch(message);
}

/** A refusal with this status in the error envelope and, when given, exactly this message. */
export function expectRefusalMessage(res: Res, status: number, message?: string): void {
  expect(res.statusCode, res.body).toBe(status);
  const parsed = body<{ code: string; message: string }>(res);
  expect(errorEnvelope.strict().safeParse(parsed).error?.issues ?? [], res.body).toEqual([]);
  if (message) expect(parsed.message).toBe(message);
}
