import {
  alumniFieldNames, alumniFieldSchemas, alumniMessages,
  type AlumniField, type AlumniValues,
} from '@contract';
import type { AlumniRow } from './repo';
import type { SheetRow } from './workbook';

/** A row that passed its checks: the fields its sheet has, cleaned as the form would. */
export interface ValidRow {
  row: number;
  values: Partial<AlumniValues>;
}

export interface CheckedRows {
  valid: ValidRow[];
  rejectedRows: { row: number; reason: string }[];
}

/**
 * Each row through the same field rules as the form (contract `alumniFieldSchemas`); a second
 * row with an e-mail already in the file is refused, naming the first.
 */
export function checkRows(rows: SheetRow[]): CheckedRows {
  const valid: ValidRow[] = [];
  const rejectedRows: CheckedRows['rejectedRows'] = [];
  const firstRowOfEmail = new Map<string, number>();
  for (const { row, values: cells } of rows) {
    const values: Partial<Record<AlumniField, string | null>> = {};
    const reasons: string[] = [];
    for (const field of alumniFieldNames) {
      const cell = cells[field];
      if (cell === undefined) continue;
      const parsed = alumniFieldSchemas[field].safeParse(cell);
      if (parsed.success) values[field] = parsed.data;
      else reasons.push(parsed.error.issues[0]!.message);
    }
    const email = values.email;
    if (email) {
      const first = firstRowOfEmail.get(email);
      if (first === undefined) firstRowOfEmail.set(email, row);
      else reasons.push(alumniMessages.duplicateInFile(first));
    }
    if (reasons.length > 0) rejectedRows.push({ row, reason: alumniMessages.rowError(row, reasons) });
    else valid.push({ row, values: values as Partial<AlumniValues> });
  }
  return { valid, rejectedRows };
}

const emptyValues: AlumniValues = { name: '', organization: '', department: '', position: '', email: null, phone: '', memo: '' };

export const valuesOf = (r: AlumniRow): AlumniValues => ({
  name: r.name,
  organization: r.organization,
  department: r.department,
  position: r.position,
  email: r.email,
  phone: r.phone,
  memo: r.memo,
});

const sameValues = (a: AlumniValues, b: AlumniValues) => alumniFieldNames.every((f) => a[f] === b[f]);

export interface ImportPlan {
  toAdd: AlumniValues[];
  toUpdate: { id: number; values: AlumniValues }[];
  unchanged: number;
}

/**
 * What the valid rows do (docs/decisions/0013-address-book-import.md):
 * - a row with an e-mail matches the record with that e-mail (case-insensitive): the columns the
 *   sheet has replace the record's values, the others stay; equal values leave it unchanged;
 * - a row without an e-mail equal, in every column the sheet has, to a record without e-mail is
 *   that record, unchanged (each record is taken by one row); otherwise it is a new record.
 * So a file made by the export imports back with nothing added and nothing updated.
 */
export function planImport(valid: ValidRow[], byEmail: AlumniRow[], withoutEmail: AlumniRow[], fields: AlumniField[]): ImportPlan {
  const plan: ImportPlan = { toAdd: [], toUpdate: [], unchanged: 0 };
  const recordOfEmail = new Map(byEmail.map((r) => [r.email!, r]));
  const keyOf = (v: Partial<AlumniValues>) => JSON.stringify(fields.filter((f) => f !== 'email').map((f) => v[f] ?? ''));
  const unclaimed = new Map<string, number[]>();
  for (const r of withoutEmail) {
    const key = keyOf(valuesOf(r));
    unclaimed.set(key, [...(unclaimed.get(key) ?? []), r.id]);
  }
  for (const { values } of valid) {
    const existing = values.email ? recordOfEmail.get(values.email) : undefined;
    if (existing) {
      const current = valuesOf(existing);
      const next = { ...current, ...values };
      if (sameValues(current, next)) plan.unchanged++;
      else plan.toUpdate.push({ id: existing.id, values: next });
      continue;
    }
    if (!values.email) {
      const ids = unclaimed.get(keyOf(values));
      if (ids && ids.length > 0) {
        ids.shift();
        plan.unchanged++;
        continue;
      }
    }
    plan.toAdd.push({ ...emptyValues, ...values });
  }
  return plan;
}
