import { describe, expect, it } from 'vitest';
import type { AlumniField } from '@contract';
import { checkRows, planImport, type ValidRow } from './import-plan';
import type { AlumniRow } from './repo';
import { buildAlumniSearchTokens, keywordWords, wordTokens } from './search';
import { escapeAlumniCell, unescapeAlumniCell } from './workbook';

const at = new Date('2026-01-01T00:00:00Z');
const record = (id: number, values: Partial<AlumniRow>): AlumniRow => ({
  id, name: '', organization: '', department: '', position: '', email: null, phone: '', memo: '', createdAt: at, modifiedAt: at, ...values,
});
const fields: AlumniField[] = ['name', 'organization', 'email', 'phone'];

describe('checkRows: every row through the form’s rules', () => {
  it('cleans good rows and lists bad ones with Excel row numbers in Korean', () => {
    const { valid, rejectedRows } = checkRows([
      { row: 2, values: { name: ' 홍길동 ', email: 'HONG@Example.kr', phone: '' } },
      { row: 3, values: { name: '', email: '' } },
      { row: 4, values: { name: '김', email: 'hong@example.kr' } },
      { row: 5, values: { name: '이', phone: '1234' } },
    ]);
    expect(valid).toEqual([{ row: 2, values: { name: '홍길동', email: 'hong@example.kr', phone: '' } }]);
    expect(rejectedRows).toEqual([
      { row: 3, reason: '3행: 이름을 입력해주세요.' },
      { row: 4, reason: '4행: 2행과 이메일이 중복됩니다.' },
      { row: 5, reason: '5행: 연락처를 형식에 맞게 입력해주세요.' },
    ]);
  });
});

describe('planImport', () => {
  const valid = (values: ValidRow['values'], row = 2): ValidRow => ({ row, values });

  it('matches by e-mail: equal is unchanged, different is an update keeping the columns the sheet lacks', () => {
    const existing = [record(1, { name: '가', email: 'a@x.kr', memo: '메모' }), record(2, { name: '나', email: 'b@x.kr' })];
    const plan = planImport(
      [valid({ name: '가', organization: '', email: 'a@x.kr', phone: '' }), valid({ name: '나나', organization: '', email: 'b@x.kr', phone: '' })],
      existing, [], fields,
    );
    expect(plan.unchanged).toBe(1);
    expect(plan.toUpdate).toEqual([{ id: 2, values: expect.objectContaining({ name: '나나', email: 'b@x.kr' }) }]);
    expect(plan.toAdd).toEqual([]);
  });

  it('rows without e-mail equal to records without e-mail are those records, one row each; the rest are added', () => {
    const twins = [record(1, { name: '임' }), record(2, { name: '임' })];
    const row = valid({ name: '임', organization: '', email: null, phone: '' });
    const plan = planImport([row, row, row], [], twins, fields);
    expect(plan.unchanged).toBe(2);
    expect(plan.toAdd).toHaveLength(1);
    expect(plan.toAdd[0]).toMatchObject({ name: '임', email: null, memo: '', department: '' });
  });
});

describe('cells and search tokens', () => {
  it.each(['=1+2', '+82', '-', '@x', '\tx', "'quoted", 'plain', ''])('escape then unescape gives %j back', (value) => {
    expect(unescapeAlumniCell(escapeAlumniCell(value))).toBe(value);
    expect(escapeAlumniCell(value)).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('tokens: unigrams and bigrams of the searched fields, lower-case, and the phone digits', () => {
    const tokens = buildAlumniSearchTokens({ name: '홍길동', organization: 'SNU 병원', department: '', email: null, phone: '02-1234-5678' });
    // 21 comes only from the digits alone (0212345678): the written phone has 2- and -1.
    expect(tokens).toEqual(expect.arrayContaining(['홍', '홍길', '길동', 'sn', 'nu', '병원', '02', '2-', '21']));
    expect(tokens).not.toContain('u병'); // words are not joined across a space
    expect(keywordWords('서울  Hospital 서울')).toEqual(['서울', 'hospital']);
    expect(wordTokens('서')).toEqual(['서']);
    expect(wordTokens('서울대')).toEqual(['서울', '울대']);
  });
});
