import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

/**
 * The application's own database role (issue 25). The tables belong to the owner role, which runs
 * the migrations; the application connects as a role that reads and writes the tables but may only
 * read and append to `access_record`: no UPDATE, DELETE or TRUNCATE, and, not being the owner, it
 * cannot switch the append-only triggers off either. Whoever takes over the application's
 * connection can then neither rewrite nor cut the access records.
 *
 * The embedded default makes this role itself (EMBEDDED_APP_ROLE, its password in
 * DATA_DIR/app-db-password, mode 600); on a server, DATABASE_URL names it and DATABASE_OWNER_URL
 * the owner (docs/operations.md has the SQL). The grants are given again after every start's
 * migrations, so a table a migration adds is the application's at once.
 */

export const EMBEDDED_APP_ROLE = 'nids_app';
export const APP_PASSWORD_FILE = 'app-db-password';

type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.Client, 'query'>;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The embedded role's password: made on first use, kept beside the owner's. */
export function readOrCreateAppPassword(dataDir: string): string {
  const file = path.join(dataDir, APP_PASSWORD_FILE);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return password;
}

/** Creates the role (or sets its password), as the owner of the database. */
export async function ensureLoginRole(owner: Queryable, role: string, password: string): Promise<void> {
  const { rows } = await owner.query<{ present: boolean }>('SELECT EXISTS (SELECT FROM pg_roles WHERE rolname = $1) AS present', [role]);
  // Role DDL takes no bound parameters: the name is quoted as an identifier, the password as a literal.
  await owner.query(`${rows[0]!.present ? 'ALTER' : 'CREATE'} ROLE ${ident(role)} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD ${literal(password)}`);
}

/**
 * What the application role may do, given by the owner: everything the app does to every table
 * and sequence, but on `access_record` only SELECT and INSERT; reading the migrations' journal (its
 * readiness check); and, where the server has it (PostgreSQL 17 and later), `pg_maintain`, so the
 * housekeeping's VACUUM and the seed's ANALYZE work without owning the tables.
 */
export async function grantApplicationRole(owner: Queryable, role: string): Promise<void> {
  if (!role) throw new Error('DATABASE_URL names no user: the application role it connects as must be named there, e.g. postgres://nids_app:...@host/nids');
  const r = ident(role);
  const { rows } = await owner.query<{ db: string; journal: boolean; maintain: boolean }>(
    `SELECT current_database() AS db,
            to_regnamespace('drizzle') IS NOT NULL AS journal,
            -- pg_maintain (PostgreSQL 17+): given only where the owner may give it and the role lacks it.
            -- (CASE, not AND: before 17 there is no such role to ask about.)
            CASE WHEN EXISTS (SELECT FROM pg_roles WHERE rolname = 'pg_maintain')
              THEN NOT pg_has_role($1, 'pg_maintain', 'MEMBER')
                AND ((SELECT rolsuper FROM pg_roles WHERE rolname = current_user) OR pg_has_role(current_user, 'pg_maintain', 'MEMBER WITH ADMIN OPTION'))
              ELSE false END AS maintain`,
    [role],
  );
  const { db, journal, maintain } = rows[0]!;
  await owner.query(
    [
      `GRANT CONNECT ON DATABASE ${ident(db)} TO ${r}`,
      `GRANT USAGE ON SCHEMA public TO ${r}`,
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r}`,
      `REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON access_record FROM ${r}`,
      `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${r}`,
      ...(journal ? [`GRANT USAGE ON SCHEMA drizzle TO ${r}`, `GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO ${r}`] : []),
      ...(maintain ? [`GRANT pg_maintain TO ${r}`] : []),
    ].join(';\n'),
  );
}

/**
 * Whether the connection's role could rewrite the access records: it is a superuser, or a member
 * of the role that owns `access_record` (an owner may switch the triggers off), or holds UPDATE,
 * DELETE or TRUNCATE on it. The start warns when it can.
 */
export async function canRewriteAccessRecords(pool: Queryable): Promise<boolean> {
  const { rows } = await pool.query<{ can: boolean }>(`
    SELECT to_regclass('access_record') IS NOT NULL AND (
      (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
      OR pg_has_role(current_user, (SELECT relowner FROM pg_class WHERE oid = 'access_record'::regclass), 'USAGE')
      OR has_table_privilege('access_record', 'UPDATE, DELETE, TRUNCATE')
    ) AS can`);
  return rows[0]!.can;
}
