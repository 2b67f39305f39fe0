import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken, type TokenKeys, type TokenSession } from './tokens';

/**
 * Files of boards a guest may not read (members-only boards, secret posts, inquiries) are shown by
 * the browser itself: `<img src="/api/file/…">` in a post and download links send no bearer token.
 * So sign-in and every token refresh also set this cookie: a token made for file reads only
 * (`typ: 'file'`), as long-lived as the access token, HttpOnly (scripts cannot read it),
 * SameSite=Strict (another site cannot make the browser use it) and sent only to `/api/file`.
 * The file routes accept it when a request has no bearer token; no other route reads it.
 */
export const FILE_COOKIE = 'nids_file';
const COOKIE_PATH = '/api/file';

function cookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [`${FILE_COOKIE}=${value}`, `Path=${COOKIE_PATH}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])].join('; ');
}

export async function setFileCookie(reply: FastifyReply, keys: TokenKeys, session: TokenSession, now: Date, secure: boolean): Promise<void> {
  reply.header('set-cookie', cookie(await signAccessToken(keys, session, now, 'file'), ACCESS_TOKEN_TTL_SECONDS, secure));
}

export function clearFileCookie(reply: FastifyReply, secure: boolean): void {
  reply.header('set-cookie', cookie('', 0, secure));
}

/** The value of the file cookie in the request, if any (no cookie library needed for one name). */
export function readFileCookie(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === FILE_COOKIE) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/** The member and sign-in the file cookie was made for and when, or null (no cookie, expired, forged, or an access token). */
export async function fileCookieClaims(request: FastifyRequest, keys: TokenKeys, now: Date): Promise<TokenSession | null> {
  const value = readFileCookie(request);
  if (!value) return null;
  return verifyAccessToken(keys, value, now, 'file');
}
