import { gunzipSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPageStitcher, type PagePiece } from './stitched-page';

/** A post's page as page-head.ts hands it over: index.html, the post's head, the frame's answers, the post's answer. */
const frame = `{"code":"SUCCESS","data":{"menu":[${Array.from({ length: 40 }, (_, i) => `{"name":"환자등록 메뉴 ${i}","path":"/nids/${i}"}`).join(',')}]}}`;
const pagePieces = (title: string, views: number): PagePiece[] => [
  { text: '<!doctype html>\n<html lang="ko">\n  <head>\n    ', fixed: '#template' },
  { text: `<title>${title} | 인체이식형 의료기기 환자등록사업</title>\n    ` },
  { text: '', fixed: '#preloads 0' },
  { text: '</head>\n  <body>\n  ', fixed: '#body' },
  { text: '<script type="application/json" id="first-data">[', fixed: '#script' },
  { text: '{"request":', fixed: '#first' },
  { text: '{"id":"menu.get"}', fixed: '{"id":"menu.get"}' },
  { text: ',"answer":', fixed: '#answer' },
  { text: frame, fixed: 'W/"menu-tag"' },
  { text: '}', fixed: '#end' },
  { text: `,{"request":{"id":"boardItem.view","params":{"itemNo":${views}}},"answer":{"title":"${title}","viewCount":${views}}}` },
  { text: ']</script>\n  </body>\n</html>\n', fixed: '#body end' },
];
const joined = (pieces: PagePiece[]) => pieces.map((piece) => piece.text).join('');

describe('a page stitched in gzip from its pieces (stitched-page.ts)', () => {
  it('is one gzip member of the joined text (its CRC and length checked by gunzip), the shared runs compressed and the page\'s own text stored as it is', () => {
    const stitcher = createPageStitcher();
    for (const [title, views] of [['심장 박동기 환자 안내', 7], ['인공관절 😀 등록', 1234]] as const) {
      const pieces = pagePieces(title, views);
      const gzip = stitcher.gzip(pieces);
      expect(gunzipSync(gzip).toString()).toBe(joined(pieces));
      // The menu's 40 items went in compressed: the member is far smaller than the text.
      expect(gzip.length).toBeLessThan(Buffer.byteLength(joined(pieces)) / 2);
      // The post's own answer is in it byte for byte (a stored block).
      expect(gzip.includes(Buffer.from(`"viewCount":${views}}}`))).toBe(true);
    }
  });

  it('compresses a run of shared pieces once, by its names: the same names give the bytes kept the first time', () => {
    const stitcher = createPageStitcher();
    const first = pagePieces('첫 글', 1);
    stitcher.gzip(first);
    // The same names with another text: a misuse (names must stand for their texts), which shows
    // that the run was not compressed again.
    const renamedText = first.map((piece) => (piece.fixed === 'W/"menu-tag"' ? { ...piece, text: '{"changed":true}' } : piece));
    expect(gunzipSync(stitcher.gzip(renamedText)).toString()).toBe(joined(first));
    // A new tag is a new run: the new text.
    const newTag = first.map((piece) => (piece.fixed === 'W/"menu-tag"' ? { text: '{"changed":true}', fixed: 'W/"new-tag"' } : piece));
    expect(gunzipSync(stitcher.gzip(newTag)).toString()).toBe(joined(newTag));
  });

  it('starts and ends with either kind of piece, and skips empty runs', () => {
    const stitcher = createPageStitcher();
    const cases: PagePiece[][] = [
      [{ text: '본문만' }],
      [{ text: '공유', fixed: 'a' }],
      [{ text: '' }, { text: '앞', fixed: 'b' }, { text: '' }],
      [{ text: '뒤' }, { text: '', fixed: 'c' }, { text: '끝' }],
      [],
    ];
    for (const pieces of cases) expect(gunzipSync(stitcher.gzip(pieces)).toString()).toBe(joined(pieces));
  });

  it('splits own text of more than 65,535 bytes into stored blocks', () => {
    const stitcher = createPageStitcher();
    // 3 bytes a character in UTF-8: 150,000 bytes, three blocks.
    const long = '환'.repeat(50_000);
    const pieces: PagePiece[] = [{ text: '<p>', fixed: 'open' }, { text: long }, { text: '</p>', fixed: 'close' }];
    const gzip = stitcher.gzip(pieces);
    expect(gunzipSync(gzip).toString()).toBe(joined(pieces));
    // Its deflate (header and trailer off) inflates on its own to the same: the blocks are well formed.
    expect(inflateRawSync(gzip.subarray(10, gzip.length - 8)).toString()).toBe(joined(pieces));
  });
});
