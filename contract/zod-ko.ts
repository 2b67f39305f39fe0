import { z } from 'zod';
import { withParticle } from './korean-particle';

/**
 * Validation messages in Korean on both sides (the interface language is ko, spec §1), for every
 * check whose schema gives no sentence of its own. A screen may show them, so they name no English
 * field or type ("number이 너무 큽니다", "받은 타입은 null입니다" were zod's own Korean locale): they
 * say what to do in plain words. The field a refusal is about travels beside the message, in the
 * error envelope's `field` (server/app.ts), never inside it.
 */
export const validationMessages = {
  required: '값을 입력해주세요.',
  invalidType: '값의 형식이 올바르지 않습니다.',
  number: '숫자로 입력해주세요.',
  integer: '정수로 입력해주세요.',
  invalidValue: '허용되지 않는 값입니다.',
  unknownKeys: '알 수 없는 항목이 포함되어 있습니다.',
  email: '이메일 주소 형식이 올바르지 않습니다.',
  url: '인터넷 주소 형식이 올바르지 않습니다.',
  date: '날짜 형식이 올바르지 않습니다.',
  dateTime: '날짜와 시각 형식이 올바르지 않습니다.',
  time: '시각 형식이 올바르지 않습니다.',
  dateRange: '날짜가 허용된 범위를 벗어났습니다.',
  maxNumber: (max: string) => `${max} 이하로 입력해주세요.`,
  belowNumber: (bound: string) => `${bound}보다 작은 값을 입력해주세요.`,
  minNumber: (min: string) => `${min} 이상으로 입력해주세요.`,
  aboveNumber: (bound: string) => `${bound}보다 큰 값을 입력해주세요.`,
  maxLength: (max: string) => `${max}자 이내로 입력해주세요.`,
  minLength: (min: string) => `${min}자 이상 입력해주세요.`,
  exactLength: (length: string) => `${length}자로 입력해주세요.`,
  maxItems: (max: string) => `${max}개까지 넣을 수 있습니다.`,
  minItems: (min: string) => `${min}개 이상 넣어주세요.`,
  maxFile: (max: string) => `${max} 이하의 파일만 올릴 수 있습니다.`,
  multipleOf: (divisor: string) => `${divisor}의 배수로 입력해주세요.`,
  startsWith: (prefix: string) => `'${withParticle(`${prefix}'`, '으로/로')} 시작해야 합니다.`,
  endsWith: (suffix: string) => `'${withParticle(`${suffix}'`, '으로/로')} 끝나야 합니다.`,
  includes: (part: string) => `'${withParticle(`${part}'`, '을/를')} 포함해야 합니다.`,
} as const;

const m = validationMessages;

/** Numbers as a Korean reader expects them: 10000 → "10,000". */
const count = (n: number | bigint) => n.toLocaleString('ko-KR');

/** 1048576 → "1MB", as the upload messages write sizes. */
function bytes(n: number | bigint): string {
  const value = Number(n);
  if (value >= 1024 * 1024 && value % (1024 * 1024) === 0) return `${count(value / 1024 / 1024)}MB`;
  if (value >= 1024 && value % 1024 === 0) return `${count(value / 1024)}KB`;
  return `${count(value)}바이트`;
}

const isNumberOrigin = (origin: string) => origin === 'number' || origin === 'int' || origin === 'bigint';
const isItemsOrigin = (origin: string) => origin === 'array' || origin === 'set' || origin === 'map';

/** zod's error map for the site: one Korean sentence per kind of issue (see validationMessages). */
export const koreanErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return m.required;
      if (issue.expected === 'int') return m.integer;
      if (issue.expected === 'number' || issue.expected === 'bigint' || issue.expected === 'nan') return m.number;
      if (issue.expected === 'date') return m.date;
      return m.invalidType;
    case 'too_big': {
      const { origin, maximum, inclusive } = issue;
      if (isNumberOrigin(origin)) return inclusive ? m.maxNumber(count(maximum)) : m.belowNumber(count(maximum));
      if (origin === 'string') return issue.exact ? m.exactLength(count(maximum)) : m.maxLength(count(maximum));
      if (isItemsOrigin(origin)) return m.maxItems(count(maximum));
      if (origin === 'file') return m.maxFile(bytes(maximum));
      if (origin === 'date') return m.dateRange;
      return m.invalidValue;
    }
    case 'too_small': {
      const { origin, minimum, inclusive } = issue;
      if (isNumberOrigin(origin)) return inclusive ? m.minNumber(count(minimum)) : m.aboveNumber(count(minimum));
      if (origin === 'string') {
        if (issue.exact) return m.exactLength(count(minimum));
        return Number(minimum) <= 1 ? m.required : m.minLength(count(minimum));
      }
      if (isItemsOrigin(origin)) return Number(minimum) <= 1 ? m.minItems('1') : m.minItems(count(minimum));
      if (origin === 'date') return m.dateRange;
      return m.invalidValue;
    }
    case 'invalid_format': {
      // The string format's checks carry their own fields (prefix, suffix, includes).
      const format = issue as typeof issue & { prefix?: string; suffix?: string; includes?: string };
      switch (issue.format) {
        case 'email':
          return m.email;
        case 'url':
          return m.url;
        case 'date':
          return m.date;
        case 'datetime':
          return m.dateTime;
        case 'time':
          return m.time;
        case 'starts_with':
          return m.startsWith(format.prefix ?? '');
        case 'ends_with':
          return m.endsWith(format.suffix ?? '');
        case 'includes':
          return m.includes(format.includes ?? '');
        default:
          return m.invalidType;
      }
    }
    case 'not_multiple_of':
      return m.multipleOf(count(issue.divisor));
    case 'unrecognized_keys':
      return m.unknownKeys;
    case 'invalid_value':
      return m.invalidValue;
    default:
      // invalid_union, invalid_key, invalid_element, custom checks without a message of their own.
      return m.invalidType;
  }
};

z.config({ localeError: koreanErrorMap });

// In the browser, zod probes `new Function('')` for its compiled fast path; under the site's CSP
// (script-src 'self', no 'unsafe-eval') the probe is blocked and Chromium logs a CSP issue on every
// screen. jitless skips the probe (and the fast path, which the browser could not use anyway); it
// must be set before the first schema is built, which this module (imported first) does.
if (typeof document !== 'undefined') z.config({ jitless: true });
