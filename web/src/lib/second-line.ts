/**
 * A second line under a sentence already shown, only when it says something else: the server's
 * reason under a fixed failure sentence ("접근 권한이 없습니다." and why). Presentation only, so
 * the same sentence is not printed twice; what a screen does (its text, the field it marks) is
 * chosen by the answer's `code` and `field` (docs/decisions/0024-closed-error-codes.md). The one
 * place a screen may compare two sentences, and only for equality with the line above.
 */
export function secondLine(shown: string, line: string | null | undefined): string | null {
  return line && line !== shown ? line : null;
}
