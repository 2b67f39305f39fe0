// Makes web/public/og-image.png, the picture link previews (KakaoTalk, Naver, search engines)
// show for a screen or post without an image of its own: 1200×630, the size they ask for.
// Run by hand when the site's name or colours change (`node scripts/og-image.mjs`); it needs a
// Korean font installed for librsvg (Debian: fonts-noto-cjk), and the result is committed, so
// neither the build nor a fresh machine runs it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'public', 'og-image.png');
const brand = '#0b4f8a';
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#ffffff"/>
  <rect y="570" width="1200" height="60" fill="${brand}"/>
  <g transform="translate(96 150) scale(6)">
    <rect width="32" height="32" rx="7" fill="${brand}"/>
    <path d="M9 22V10h3l8 8.5V10h3v12h-3l-8-8.5V22z" fill="#fff"/>
  </g>
  <text x="96" y="420" font-family="Noto Sans CJK KR" font-weight="700" font-size="64" fill="#1d1d1f">인체이식형 의료기기</text>
  <text x="96" y="500" font-family="Noto Sans CJK KR" font-weight="700" font-size="64" fill="${brand}">환자등록사업</text>
</svg>`;

await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(out);
console.log(`wrote ${out}`);
