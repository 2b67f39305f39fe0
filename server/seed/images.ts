import sharp from 'sharp';

/**
 * Poster images for the demo videos, drawn from SVG with shapes and gradients only: the server
 * may have no fonts, so there is no text in them.
 */

export const POSTER_WIDTH = 640;
export const POSTER_HEIGHT = 360;
export const THUMBNAIL_WIDTH = 400;

export type PosterMotif = 'registry' | 'joint' | 'heart' | 'lens' | 'system' | 'people';

interface Palette {
  from: string;
  to: string;
  accent: string;
}

const palettes: Record<PosterMotif, Palette> = {
  registry: { from: '#0b3d91', to: '#1f8fd6', accent: '#9fd8ff' },
  joint: { from: '#04586b', to: '#19a5a0', accent: '#c8f2ea' },
  heart: { from: '#8c1c3a', to: '#e0566f', accent: '#ffd3db' },
  lens: { from: '#3b2a86', to: '#7b61d1', accent: '#e1d9ff' },
  system: { from: '#14213d', to: '#33518c', accent: '#b9ccf2' },
  people: { from: '#a4471a', to: '#f0954a', accent: '#ffe6cf' },
};

function motifShapes(motif: PosterMotif, accent: string): string {
  switch (motif) {
    case 'registry':
      return Array.from({ length: 5 }, (_, row) =>
        Array.from({ length: 8 }, (_, col) => {
          const r = 4 + ((row * 3 + col * 5) % 7);
          return `<circle cx="${60 + col * 72}" cy="${50 + row * 64}" r="${r}" fill="${accent}" opacity="${0.15 + ((row + col) % 4) * 0.08}"/>`;
        }).join(''),
      ).join('');
    case 'joint':
      return (
        `<g fill="${accent}" opacity="0.35">` +
        '<rect x="90" y="40" width="46" height="150" rx="23"/><circle cx="113" cy="205" r="38"/>' +
        '<rect x="90" y="235" width="46" height="110" rx="23"/>' +
        '<rect x="500" y="20" width="40" height="130" rx="20"/><circle cx="520" cy="165" r="32"/>' +
        '</g>'
      );
    case 'heart':
      return (
        `<path d="M120 150 C120 95 200 95 200 150 C200 95 280 95 280 150 C280 205 200 245 200 265 C200 245 120 205 120 150 Z" fill="${accent}" opacity="0.3"/>` +
        `<polyline points="0,300 180,300 205,260 230,335 255,230 280,300 640,300" fill="none" stroke="${accent}" stroke-width="5" stroke-linejoin="round" opacity="0.55"/>`
      );
    case 'lens':
      return [150, 115, 80, 45]
        .map((r, i) => `<circle cx="480" cy="180" r="${r}" fill="none" stroke="${accent}" stroke-width="${6 - i}" opacity="${0.2 + i * 0.12}"/>`)
        .join('') + `<ellipse cx="140" cy="90" rx="90" ry="40" fill="${accent}" opacity="0.18"/>`;
    case 'system':
      return Array.from({ length: 3 }, (_, row) =>
        Array.from({ length: 4 }, (_, col) =>
          `<rect x="${48 + col * 140}" y="${40 + row * 100}" width="118" height="78" rx="10" fill="${accent}" opacity="${0.12 + ((row * 4 + col) % 3) * 0.08}"/>`,
        ).join(''),
      ).join('');
    case 'people':
      return [110, 220, 420, 530]
        .map((x, i) => {
          const y = i % 2 === 0 ? 170 : 200;
          return `<g fill="${accent}" opacity="${0.25 + (i % 2) * 0.1}"><circle cx="${x}" cy="${y}" r="34"/><path d="M${x - 60} ${y + 130} Q${x} ${y + 20} ${x + 60} ${y + 130} Z"/></g>`;
        })
        .join('');
  }
}

export function posterSvg(motif: PosterMotif): string {
  const p = palettes[motif];
  const cx = POSTER_WIDTH / 2;
  const cy = POSTER_HEIGHT / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${POSTER_WIDTH}" height="${POSTER_HEIGHT}" viewBox="0 0 ${POSTER_WIDTH} ${POSTER_HEIGHT}">` +
    '<defs>' +
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>` +
    `<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>` +
    '</defs>' +
    `<rect width="${POSTER_WIDTH}" height="${POSTER_HEIGHT}" fill="url(#bg)"/>` +
    `<circle cx="${POSTER_WIDTH - 40}" cy="-20" r="190" fill="#ffffff" opacity="0.07"/>` +
    `<circle cx="30" cy="${POSTER_HEIGHT + 30}" r="150" fill="#000000" opacity="0.08"/>` +
    motifShapes(motif, p.accent) +
    `<circle cx="${cx}" cy="${cy}" r="110" fill="url(#glow)"/>` +
    `<circle cx="${cx}" cy="${cy}" r="44" fill="#ffffff" opacity="0.92"/>` +
    `<path d="M${cx - 13} ${cy - 21} L${cx + 23} ${cy} L${cx - 13} ${cy + 21} Z" fill="${p.from}"/>` +
    `<rect x="0" y="${POSTER_HEIGHT - 6}" width="${POSTER_WIDTH}" height="6" fill="${p.accent}" opacity="0.8"/>` +
    '</svg>'
  );
}

export interface Poster {
  jpeg: Buffer;
  webp: Buffer;
  width: number;
  height: number;
}

/** The 640x360 JPEG poster and its WebP thumbnail (400 px wide). */
export async function makePoster(motif: PosterMotif): Promise<Poster> {
  const jpeg = await sharp(Buffer.from(posterSvg(motif)))
    .resize(POSTER_WIDTH, POSTER_HEIGHT)
    .jpeg({ quality: 84, mozjpeg: true })
    .toBuffer();
  const webp = await sharp(jpeg).resize({ width: THUMBNAIL_WIDTH }).webp({ quality: 80 }).toBuffer();
  return { jpeg, webp, width: POSTER_WIDTH, height: POSTER_HEIGHT };
}
