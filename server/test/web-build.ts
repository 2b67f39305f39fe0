import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A small index.html as the web build writes it: the site's title, description and one preview
 * tag (which a screen's own tags replace), the entry script and the root element.
 */
export const SMALL_INDEX_HTML = `<!doctype html>
<html lang="ko">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="기본 설명" />
    <meta property="og:title" content="인체이식형 의료기기 환자등록사업" />
    <title>인체이식형 의료기기 환자등록사업</title>
    <script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** A web build of `indexHtml` alone in a temporary directory, for WEB_DIST_DIR; `remove` deletes it. */
export function fakeWebBuild(name: string, indexHtml = SMALL_INDEX_HTML): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `nids-${name}-dist-`));
  fs.writeFileSync(path.join(dir, 'index.html'), indexHtml);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
