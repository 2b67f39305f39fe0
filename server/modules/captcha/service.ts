import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { accountMessages, type captchaChallenge as captchaChallengeSchema } from '@contract';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { captchaChallenge } from '../../db/schema';
import { badRequest } from '../../errors';
import { addMs, MINUTE_MS } from '../../lib/clock';
import { arithmeticQuestion, captchaSvg, randomDigits, svgDataUrl } from './image';

export const CAPTCHA_TTL_MS = 5 * MINUTE_MS;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'settings'>;

/** Stored answers: the image's digits, or the text question's number. Exported for tests. */
export const imageAnswerHash = (digits: string) => createHash('sha256').update(`image:${digits}`).digest('base64url');
export const textAnswerHash = (answer: number) => createHash('sha256').update(`text:${answer}`).digest('base64url');

export async function createChallenge(deps: Deps): Promise<z.infer<typeof captchaChallengeSchema>> {
  const now = deps.clock.now();
  const digits = randomDigits();
  const { question, answer } = arithmeticQuestion();
  const captchaId = randomBytes(18).toString('base64url');
  await deps.db.delete(captchaChallenge).where(lt(captchaChallenge.expiresAt, addMs(now, -60 * MINUTE_MS)));
  await deps.db.insert(captchaChallenge).values({
    id: captchaId,
    imageAnswerHash: imageAnswerHash(digits),
    textAnswerHash: textAnswerHash(answer),
    createdAt: now,
    expiresAt: addMs(now, CAPTCHA_TTL_MS),
  });
  return { captchaId, image: svgDataUrl(captchaSvg(digits)), textAlternative: question };
}

/**
 * Checks an answer and spends the challenge whatever the outcome, so each challenge gets one
 * guess. Either the image's digits or the text question's answer passes.
 */
export async function verifyCaptcha(deps: Deps, captcha: { captchaId: string; answer: string } | undefined): Promise<void> {
  if (!captcha) throw badRequest(accountMessages.captchaFailed, { field: 'captcha' });
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(captchaChallenge)
    .set({ usedAt: now })
    .where(
      and(eq(captchaChallenge.id, captcha.captchaId), isNull(captchaChallenge.usedAt), sql`${captchaChallenge.expiresAt} > ${now}`),
    )
    .returning({ image: captchaChallenge.imageAnswerHash, text: captchaChallenge.textAnswerHash });
  const answer = captcha.answer.replace(/\s+/g, '');
  const passed =
    row !== undefined &&
    /^\d{1,6}$/.test(answer) &&
    (imageAnswerHash(answer) === row.image || textAnswerHash(Number(answer)) === row.text);
  if (!passed) throw badRequest(accountMessages.captchaFailed, { field: 'captcha' });
}

/** Sign-in and sign-up ask for a CAPTCHA when the site setting useCapcha is on. */
export async function verifyCaptchaIfRequired(deps: Deps, captcha: { captchaId: string; answer: string } | undefined): Promise<void> {
  if ((await deps.settings.info()).useCapcha) await verifyCaptcha(deps, captcha);
}
