import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AlumniSort, AlumniValues } from '@contract';
import type { Db } from '../../db/client';
import { alumni } from '../../db/schema';
import { buildAlumniSearchTokens, keywordWords, wordTokens } from './search';

/** The table's rows without the search tokens (which never leave the repository). */
export type AlumniRow = Omit<typeof alumni.$inferSelect, 'searchTokens'>;

const columns = {
  id: alumni.id,
  name: alumni.name,
  organization: alumni.organization,
  department: alumni.department,
  position: alumni.position,
  email: alumni.email,
  phone: alumni.phone,
  memo: alumni.memo,
  createdAt: alumni.createdAt,
  modifiedAt: alumni.modifiedAt,
};

export interface AlumniFilter {
  keyword?: string;
  sort: AlumniSort;
  offset: number;
  limit: number;
}

/**
 * Every word of the keyword inside one of the searched fields: the GIN lookup of its tokens
 * (alumni_search_idx) narrows the rows, `position` on the lower-cased fields rechecks them
 * (no LIKE pattern, so % and _ in a keyword need no escaping).
 */
export function keywordCondition(keyword: string | undefined): SQL | undefined {
  const words = keyword ? keywordWords(keyword) : [];
  if (words.length === 0) return undefined;
  const tokens = [...new Set(words.flatMap(wordTokens))];
  const lookup = sql`${alumni.searchTokens} @> ARRAY[${sql.join(tokens.map((t) => sql`${t}`), sql`, `)}]::text[]`;
  const rechecks = words.map(
    (w) => sql`(position(${w} in lower(${alumni.name})) > 0
      OR position(${w} in lower(${alumni.organization})) > 0
      OR position(${w} in lower(${alumni.department})) > 0
      OR position(${w} in coalesce(${alumni.email}, '')) > 0
      OR position(${w} in ${alumni.phone}) > 0
      OR position(${w} in replace(${alumni.phone}, '-', '')) > 0)`,
  );
  return and(lookup, ...rechecks);
}

/**
 * The order of each sort, written as its index is built: alumni_created_idx is
 * `created_at DESC NULLS LAST, id DESC NULLS LAST`, which `ORDER BY created_at DESC` (NULLS
 * FIRST) could not use although the column is NOT NULL.
 */
function orderOf(sort: AlumniSort): SQL[] {
  switch (sort) {
    case 'createdDate,DESC':
      return [sql`${alumni.createdAt} DESC NULLS LAST`, sql`${alumni.id} DESC NULLS LAST`];
    case 'createdDate,ASC':
      return [sql`${alumni.createdAt} ASC NULLS FIRST`, sql`${alumni.id} ASC NULLS FIRST`];
    case 'name,ASC':
      return [asc(alumni.name), asc(alumni.id)];
    case 'name,DESC':
      return [desc(alumni.name), desc(alumni.id)];
  }
}

/** Rows in the list's order, in one statement: the export (at most ALUMNI_MAX_ROWS + 1). */
export function listQuery(db: Db, f: AlumniFilter) {
  return db
    .select(columns)
    .from(alumni)
    .where(keywordCondition(f.keyword))
    .orderBy(...orderOf(f.sort))
    .limit(f.limit)
    .offset(f.offset);
}

export function countQuery(db: Db, keyword: string | undefined) {
  return db.select({ total: sql<number>`count(*)::int` }).from(alumni).where(keywordCondition(keyword));
}

/**
 * The ids of one page, in order. Without a keyword this is an index-only scan of the order's
 * index (it holds the id), so a deep page skips index entries, not table rows: read directly, a
 * page in the middle of 20,000 records was a sequential scan and a sort on PostgreSQL 15
 * (the same deferred join as the board lists, docs/decisions/0011).
 */
export function pageIdsQuery(db: Db, f: AlumniFilter) {
  return db
    .select({ id: alumni.id })
    .from(alumni)
    .where(keywordCondition(f.keyword))
    .orderBy(...orderOf(f.sort))
    .limit(f.limit)
    .offset(f.offset);
}

/** The rows of a page's ids: primary-key probes. */
export function rowsByIdsQuery(db: Db, ids: number[]) {
  return db.select(columns).from(alumni).where(sql`${alumni.id} = ANY(${sql.param(ids)}::bigint[])`);
}

export async function list(db: Db, f: AlumniFilter): Promise<{ rows: AlumniRow[]; total: number }> {
  const ids = (await pageIdsQuery(db, f)).map((r) => r.id);
  const byId = new Map((ids.length > 0 ? await rowsByIdsQuery(db, ids) : []).map((r) => [r.id, r]));
  // A row deleted between the two reads is simply left out of this page.
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  // A first page shorter than the page size is the whole answer: no count needed.
  if (f.offset === 0 && ids.length < f.limit) return { rows, total: ids.length };
  const [row] = await countQuery(db, f.keyword);
  return { rows, total: row!.total };
}

export async function findById(db: Db, id: number, forUpdate = false): Promise<AlumniRow | undefined> {
  const query = db.select(columns).from(alumni).where(eq(alumni.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findIdByEmail(db: Db, email: string): Promise<number | undefined> {
  const [row] = await db.select({ id: alumni.id }).from(alumni).where(eq(alumni.email, email));
  return row?.id;
}

const tokensOf = (v: AlumniValues) => buildAlumniSearchTokens(v);

export async function insert(db: Db, values: AlumniValues, at: Date): Promise<number> {
  const [row] = await db
    .insert(alumni)
    .values({ ...values, searchTokens: tokensOf(values), createdAt: at, modifiedAt: at })
    .returning({ id: alumni.id });
  return row!.id;
}

/** Many new records in one statement per thousand (an import). */
export async function insertMany(db: Db, list: AlumniValues[], at: Date): Promise<void> {
  for (let i = 0; i < list.length; i += 1000) {
    const chunk = list.slice(i, i + 1000);
    await db.insert(alumni).values(chunk.map((v) => ({ ...v, searchTokens: tokensOf(v), createdAt: at, modifiedAt: at })));
  }
}

export async function update(db: Db, id: number, values: AlumniValues, at: Date): Promise<void> {
  await db
    .update(alumni)
    .set({ ...values, searchTokens: tokensOf(values), modifiedAt: at })
    .where(eq(alumni.id, id));
}

/**
 * Many records changed in one statement per thousand (an import): the new values travel as
 * parallel arrays and are joined to the rows by id, instead of one UPDATE per row.
 */
export async function updateMany(db: Db, list: { id: number; values: AlumniValues }[], at: Date): Promise<void> {
  for (let i = 0; i < list.length; i += 1000) {
    const chunk = list.slice(i, i + 1000);
    const col = <K extends keyof AlumniValues>(key: K) => chunk.map((c) => c.values[key]);
    // Each record's tokens as one text (arrays of arrays must be rectangular in PostgreSQL),
    // split again in SQL; a token never holds a tab (tokens are split on whitespace).
    const tokens = chunk.map((c) => tokensOf(c.values).join('\t'));
    await db.execute(sql`
      UPDATE ${alumni} AS a SET
        name = v.name, organization = v.organization, department = v.department, position = v.position,
        email = v.email, phone = v.phone, memo = v.memo,
        search_tokens = CASE WHEN v.tokens = '' THEN '{}'::text[] ELSE string_to_array(v.tokens, E'\\t') END,
        modified_at = ${at.toISOString()}::timestamptz
      FROM unnest(
        ${sql.param(chunk.map((c) => c.id))}::bigint[], ${sql.param(col('name'))}::text[],
        ${sql.param(col('organization'))}::text[], ${sql.param(col('department'))}::text[],
        ${sql.param(col('position'))}::text[], ${sql.param(col('email'))}::text[], ${sql.param(col('phone'))}::text[],
        ${sql.param(col('memo'))}::text[], ${sql.param(tokens)}::text[]
      ) AS v(id, name, organization, department, position, email, phone, memo, tokens)
      WHERE a.id = v.id`);
  }
}

export async function remove(db: Db, id: number): Promise<AlumniRow | undefined> {
  const [row] = await db.delete(alumni).where(eq(alumni.id, id)).returning(columns);
  return row;
}

/** The records with these (lower-case) e-mails: the records an import's rows match. */
export async function findByEmails(db: Db, emails: string[]): Promise<AlumniRow[]> {
  if (emails.length === 0) return [];
  return db.select(columns).from(alumni).where(sql`${alumni.email} = ANY(${sql.param(emails)}::text[])`).for('update');
}

/** Records without e-mail with one of these names (alumni_name_idx): what e-mail-less rows may equal. */
export async function findWithoutEmailByNames(db: Db, names: string[]): Promise<AlumniRow[]> {
  if (names.length === 0) return [];
  return db
    .select(columns)
    .from(alumni)
    .where(and(isNull(alumni.email), sql`${alumni.name} = ANY(${sql.param(names)}::text[])`))
    .orderBy(asc(alumni.id));
}
