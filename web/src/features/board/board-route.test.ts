import { describe, expect, it } from 'vitest';
import { areaMatches, canonicalBoardCode, parseItemNo, readListSearch } from './board-route';

describe('areaMatches', () => {
  it('compares the URL area with the board area case-insensitively', () => {
    expect(areaMatches('nids', { area: 'Nids' })).toBe(true);
    expect(areaMatches('NIDS', { area: 'Nids' })).toBe(true);
    expect(areaMatches('reference', { area: 'Nids' })).toBe(false);
    expect(areaMatches(undefined, { area: 'Nids' })).toBe(false);
  });
});

describe('parseItemNo', () => {
  it('accepts positive post numbers only', () => {
    expect(parseItemNo('12')).toBe(12);
    expect(parseItemNo('0')).toBeNull();
    expect(parseItemNo('NEW')).toBeNull();
    expect(parseItemNo('1e3')).toBeNull();
    expect(parseItemNo('9999999999')).toBeNull();
    expect(parseItemNo(undefined)).toBeNull();
  });
});

describe('readListSearch', () => {
  it('keeps a query string handed over by the list and ignores anything else', () => {
    expect(readListSearch({ listSearch: '?page=2' })).toBe('?page=2');
    expect(readListSearch({ listSearch: 'https://evil.example' })).toBe('');
    expect(readListSearch(null)).toBe('');
    expect(readListSearch('?page=2')).toBe('');
  });
});

describe('canonicalBoardCode', () => {
  it('spells a known board code the canonical way, whatever its case', () => {
    expect(canonicalBoardCode('Notice')).toBe('notice');
    expect(canonicalBoardCode('ANNUALREPORT')).toBe('annualReport');
    expect(canonicalBoardCode('promotionvideo')).toBe('promotionVideo');
  });

  it('leaves unknown codes as typed', () => {
    expect(canonicalBoardCode('NoSuchBoard')).toBe('NoSuchBoard');
    expect(canonicalBoardCode(undefined)).toBe('');
  });
});
