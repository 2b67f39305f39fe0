import { randomInt } from 'node:crypto';
import { withParticle } from '@contract/korean-particle';

/**
 * A CAPTCHA drawn without fonts: each digit is a set of strokes on a 10 x 16 grid, jittered,
 * rotated, skewed and scaled at random, over crossing curves and dots. The browser renders the
 * SVG; nothing is fetched from another service.
 */
const digitStrokes: Record<string, number[][][]> = {
  '0': [[[2, 1], [8, 1], [9, 3], [9, 13], [8, 15], [2, 15], [1, 13], [1, 3], [2, 1]]],
  '1': [[[3, 4], [6, 1], [6, 15]], [[3, 15], [9, 15]]],
  '2': [[[1, 4], [3, 1], [7, 1], [9, 4], [9, 6], [1, 15], [9, 15]]],
  '3': [[[1, 2], [8, 1], [9, 4], [8, 7], [4, 8]], [[4, 8], [9, 10], [9, 13], [7, 15], [1, 14]]],
  '4': [[[7, 15], [7, 1], [1, 11], [9, 11]]],
  '5': [[[9, 1], [2, 1], [1, 7], [7, 7], [9, 9], [9, 13], [7, 15], [1, 14]]],
  '6': [[[8, 1], [3, 3], [1, 8], [1, 13], [3, 15], [7, 15], [9, 13], [9, 10], [7, 8], [3, 8], [1, 10]]],
  '7': [[[1, 1], [9, 1], [4, 15]], [[3, 8], [8, 8]]],
  '8': [[[5, 8], [2, 6], [2, 3], [4, 1], [6, 1], [8, 3], [8, 6], [5, 8], [1, 11], [1, 13], [3, 15], [7, 15], [9, 13], [9, 11], [5, 8]]],
  '9': [[[9, 6], [7, 8], [3, 8], [1, 6], [1, 3], [3, 1], [7, 1], [9, 3], [9, 8], [7, 13], [2, 15]]],
};

export const CAPTCHA_LENGTH = 5;
const WIDTH = 220;
const HEIGHT = 72;

/** A uniform random float in [min, max). */
const between = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const fixed = (n: number) => n.toFixed(1);

export function randomDigits(length = CAPTCHA_LENGTH): string {
  return Array.from({ length }, () => String(randomInt(0, 10))).join('');
}

function digitPath(digit: string): string {
  return digitStrokes[digit]!
    .map((stroke) =>
      stroke
        .map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${fixed(x! + between(-0.6, 0.6))} ${fixed(y! + between(-0.6, 0.6))}`)
        .join(' '),
    )
    .join(' ');
}

function darkColour(): string {
  return `hsl(${randomInt(0, 360)} ${randomInt(45, 80)}% ${randomInt(18, 35)}%)`;
}

export function captchaSvg(code: string): string {
  const parts: string[] = [];
  parts.push(`<rect width="${WIDTH}" height="${HEIGHT}" fill="hsl(${randomInt(0, 360)} 40% 95%)"/>`);
  for (let i = 0; i < 5; i++) {
    parts.push(
      `<path d="M${fixed(between(0, 20))} ${fixed(between(5, HEIGHT - 5))} C${fixed(between(40, 90))} ${fixed(between(0, HEIGHT))} ${fixed(between(120, 180))} ${fixed(between(0, HEIGHT))} ${fixed(between(200, WIDTH))} ${fixed(between(5, HEIGHT - 5))}" fill="none" stroke="${darkColour()}" stroke-opacity="0.5" stroke-width="${fixed(between(0.8, 2))}"/>`,
    );
  }
  const cell = (WIDTH - 20) / code.length;
  [...code].forEach((digit, i) => {
    const scale = between(2.6, 3.3);
    const x = 10 + i * cell + between(0, cell - 10 * scale * 0.8);
    const y = between(4, HEIGHT - 16 * scale - 2);
    parts.push(
      `<path transform="translate(${fixed(x)} ${fixed(y)}) rotate(${fixed(between(-22, 22))} ${fixed(5 * scale)} ${fixed(8 * scale)}) skewX(${fixed(between(-14, 14))}) scale(${fixed(scale * between(0.85, 1.1))} ${fixed(scale)})" d="${digitPath(digit)}" fill="none" stroke="${darkColour()}" stroke-width="${fixed(between(0.55, 0.8))}" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  });
  for (let i = 0; i < 40; i++) {
    parts.push(`<circle cx="${fixed(between(0, WIDTH))}" cy="${fixed(between(0, HEIGHT))}" r="${fixed(between(0.5, 1.6))}" fill="${darkColour()}" fill-opacity="0.6"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join('')}</svg>`;
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

const sinoDigits = ['', '일', '이', '삼', '사', '오', '육', '칠', '팔', '구'];

/** 10-99 read in Sino-Korean words: 23 → 이십삼, 10 → 십. */
export function koreanNumber(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 99) throw new RangeError(`koreanNumber: ${n}`);
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  return `${tens === 0 ? '' : `${tens === 1 ? '' : sinoDigits[tens]}십`}${sinoDigits[ones]}`;
}

/**
 * The text alternative: a different question for people who cannot see the image, answered in
 * digits, e.g. "이십삼 더하기 십칠은 얼마입니까? 답을 숫자로 입력해주세요."
 */
export function arithmeticQuestion(): { question: string; answer: number } {
  const a = randomInt(10, 100);
  const b = randomInt(10, 100);
  const add = randomInt(0, 2) === 0;
  const [x, y] = add || a >= b ? [a, b] : [b, a];
  const second = koreanNumber(y);
  const op = add ? '더하기' : '빼기';
  return {
    question: `${koreanNumber(x)} ${op} ${withParticle(second, '은/는')} 얼마입니까? 답을 숫자로 입력해주세요.`,
    answer: add ? x + y : x - y,
  };
}
