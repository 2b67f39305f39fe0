import type { FieldErrors, Path, Resolver } from 'react-hook-form';
import { contentMessages, contentSaveRequest, type AdminContentView, type ContentBody, type ContentSaveRequest } from '@contract';
import { contractResolver } from '../shared/contract-form';
import { wholeNumber, type HistoryRowValues } from './history-rows';
import { koreaLocalToIso, publishValue, type PublishChoice } from './publish';

/**
 * The content editor's form (issue 22): what staff type, and the save request built from it. The
 * editor edits the core fields of each body shape; any other field of the loaded body (another
 * branch adds periods, year themes, committees) is carried through unchanged, at the body and at
 * each row and unit, so a save from this editor loses nothing it does not show.
 */

export interface UnitValues {
  key: string;
  name: string;
  head: string;
  /** One task a line. */
  tasks: string;
  /** One phone number a line. */
  phones: string;
}

export interface ContentValues {
  title: string;
  note: string;
  publish: PublishChoice;
  /** A datetime-local value, Korea time. */
  scheduleAt: string;
  html: string;
  lead: string;
  rows: HistoryRowValues[];
  units: UnitValues[];
}

export type BodyType = ContentBody['type'];

/** What the form started from: the loaded body and, by row and unit key, the fields the form does not edit. */
export interface LoadedBody {
  type: BodyType;
  body: Record<string, unknown>;
  extras: Map<string, Record<string, unknown>>;
}

const lines = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);

let keySequence = 0;
/** A key for a row or unit the form adds: it keeps its React key and its carried fields when moved. */
export const newKey = () => `new-${(keySequence += 1)}`;

export const emptyRow = (): HistoryRowValues => ({ key: newKey(), year: '', month: '', text: '' });
export const emptyUnit = (): UnitValues => ({ key: newKey(), name: '', head: '', tasks: '', phones: '' });

/** The form's values and what it carries, from the loaded version (or an empty body of the page's type). */
export function formFrom(type: BodyType, loaded: AdminContentView | null): { values: ContentValues; loadedBody: LoadedBody } {
  const extras = new Map<string, Record<string, unknown>>();
  const body = (loaded?.body.type === type ? loaded.body : { type }) as Record<string, unknown> & Partial<ContentBody>;
  const values: ContentValues = {
    title: loaded?.title ?? '',
    note: '',
    publish: 'now',
    scheduleAt: '',
    html: body.type === 'html' && typeof body.html === 'string' ? body.html : '',
    lead: typeof body.lead === 'string' ? body.lead : '',
    rows: [],
    units: [],
  };
  if (body.type === 'history' && Array.isArray(body.rows)) {
    values.rows = body.rows.map((row, index) => {
      const { year, month, text, ...rest } = row as typeof row & Record<string, unknown>;
      const key = `row-${index}`;
      extras.set(key, rest);
      return { key, year: String(year), month: month === null ? '' : String(month), text };
    });
  }
  if (body.type === 'organization' && Array.isArray(body.units)) {
    values.units = body.units.map((unit, index) => {
      const { name, head, tasks, phones, ...rest } = unit as typeof unit & Record<string, unknown>;
      const key = `unit-${index}`;
      extras.set(key, rest);
      return { key, name, head, tasks: tasks.join('\n'), phones: phones.join('\n') };
    });
  }
  return { values, loadedBody: { type, body, extras } };
}

/** The body as the save sends it: the loaded body spread, its edited fields replaced. */
export function bodyOf(values: ContentValues, loaded: LoadedBody): ContentBody {
  const carried = (key: string) => loaded.extras.get(key) ?? {};
  switch (loaded.type) {
    case 'html':
      return { ...loaded.body, type: 'html', html: values.html } as ContentBody;
    case 'history':
      return {
        ...loaded.body,
        type: 'history',
        lead: values.lead.trim(),
        rows: values.rows.map((row) => ({
          ...carried(row.key),
          year: wholeNumber(row.year) as number,
          month: wholeNumber(row.month),
          text: row.text.trim(),
        })),
      } as ContentBody;
    case 'organization':
      return {
        ...loaded.body,
        type: 'organization',
        lead: values.lead.trim(),
        units: values.units.map((unit) => ({
          ...carried(unit.key),
          name: unit.name.trim(),
          head: unit.head.trim(),
          tasks: lines(unit.tasks),
          phones: lines(unit.phones),
        })),
      } as ContentBody;
  }
}

export function saveRequestOf(values: ContentValues, loaded: LoadedBody, baseVersion: number): ContentSaveRequest {
  return {
    baseVersion,
    title: values.title.trim(),
    note: values.note.trim(),
    body: bodyOf(values, loaded),
    // A schedule not yet a date-time is refused at its field before anything is sent (checkValues).
    publish: publishValue(values.publish, values.scheduleAt) ?? values.scheduleAt,
  };
}

/** The console's own words for the rows, clearer than a schema's generic sentence. */
export const editorMessages = {
  yearRequired: '연도를 입력해주세요.',
  yearRange: '연도는 1900~2200 사이의 숫자로 입력해주세요.',
  monthRange: '월은 1~12 사이의 숫자로 입력하거나 비워 두세요.',
  textRequired: '내용을 입력해주세요.',
  textTooLong: '내용은 500자 이내로 입력해주세요.',
  unitNameRequired: '부서 이름을 입력해주세요.',
  scheduleRequired: '예약 게시 날짜와 시각을 입력해주세요.',
} as const;

type ErrorMap = Record<string, { type: string; message: string }>;

/** The checks the form makes itself, by form field path: each row's year, month and text, each unit's name, the schedule. */
export function checkValues(values: ContentValues, type: BodyType, now: Date = new Date()): ErrorMap {
  const errors: ErrorMap = {};
  const put = (path: string, message: string) => (errors[path] ??= { type: 'validate', message });
  if (type === 'history') {
    values.rows.forEach((row, index) => {
      const year = wholeNumber(row.year);
      if (row.year.trim() === '') put(`rows.${index}.year`, editorMessages.yearRequired);
      else if (year === null || year < 1900 || year > 2200) put(`rows.${index}.year`, editorMessages.yearRange);
      const month = wholeNumber(row.month);
      if (row.month.trim() !== '' && (month === null || month < 1 || month > 12)) put(`rows.${index}.month`, editorMessages.monthRange);
      if (row.text.trim() === '') put(`rows.${index}.text`, editorMessages.textRequired);
      else if (row.text.trim().length > 500) put(`rows.${index}.text`, editorMessages.textTooLong);
    });
  }
  if (type === 'organization') {
    values.units.forEach((unit, index) => {
      if (unit.name.trim() === '') put(`units.${index}.name`, editorMessages.unitNameRequired);
    });
  }
  if (values.publish === 'schedule') {
    const iso = koreaLocalToIso(values.scheduleAt);
    if (iso === null) put('scheduleAt', editorMessages.scheduleRequired);
    else if (Date.parse(iso) <= now.getTime()) put('scheduleAt', contentMessages.scheduleInPast);
  }
  return errors;
}

/**
 * The form field a refusal names (the answer's `field`, a request path: `title`, `publish`,
 * `body.rows.3.year`, `body.units.2.tasks.1`), or null for the form as a whole.
 */
export function formFieldOf(field: string, type: BodyType): Path<ContentValues> | null {
  const parts = field.split('.');
  const [head, second, index, leaf] = parts;
  if (head === 'title' || head === 'note') return head;
  if (head === 'publish') return 'scheduleAt';
  if (head !== 'body') return null;
  if (second === undefined) return type === 'html' ? 'html' : null;
  if (second === 'html' || second === 'lead') return second;
  if (second === 'rows' && index !== undefined && /^\d+$/.test(index)) {
    return `rows.${Number(index)}.${leaf === 'month' || leaf === 'text' ? leaf : 'year'}` as Path<ContentValues>;
  }
  if (second === 'units' && index !== undefined && /^\d+$/.test(index)) {
    const unitField = leaf === 'head' || leaf === 'tasks' || leaf === 'phones' ? leaf : 'name';
    return `units.${Number(index)}.${unitField}` as Path<ContentValues>;
  }
  return null;
}

/** `a.b.1.c` set in a nested object, as react-hook-form reads its errors. */
function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let node = target;
  keys.slice(0, -1).forEach((key, i) => {
    node[key] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
  node[keys[keys.length - 1]!] = value;
}

/**
 * The form's checks first (each at its row), then the contract's rules for the request (the
 * title's and the note's length, the body's size), each at the field its path names.
 */
export function contentResolver(loaded: () => LoadedBody, baseVersion: () => number): Resolver<ContentValues> {
  return async (values, context, options) => {
    const own = checkValues(values, loaded().type);
    const contract = await contractResolver<ContentValues>(
      contentSaveRequest,
      (v) => saveRequestOf(v, loaded(), baseVersion()),
      (path) => formFieldOf(path.map(String).join('.'), loaded().type) ?? ('root' as Path<ContentValues>),
    )(values, context, options);
    const flat: ErrorMap = { ...(contract.errors as ErrorMap), ...own };
    if (Object.keys(flat).length === 0) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const [path, error] of Object.entries(flat)) setPath(errors, path, error);
    return { values: {}, errors: errors as FieldErrors<ContentValues> };
  };
}

