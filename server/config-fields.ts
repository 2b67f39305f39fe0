import path from 'node:path';
import { z } from 'zod';

/**
 * The kinds of value an environment variable holds, each parsed one way (server/config.ts declares
 * the variables). Every kind treats an unset or empty variable as "not given" and then uses the
 * declared default, itself written as the text one would put in the environment, so the README's
 * default column and the value the server uses come from the same string. A value a kind cannot
 * read is an issue on that variable: "must be ..." with what it accepts, and the value given unless
 * it may be a secret.
 */

/** What the README's configuration table shows for a variable (server/config-docs.test.ts). */
export interface VariableDoc {
  /** One line: what the variable does. */
  doc: string;
  /** The default as the README's default column writes it: `` `3000` ``, `unset`, or a sentence for a derived one. */
  defaultText: string;
}

/** Every variable's doc line and default, keyed by its schema in `environmentSchema.shape`. */
export const variableDocs = z.registry<VariableDoc>();

/** A value a kind cannot read; `detail` says why when "must be ..." alone does not. */
class Refused extends Error {
  constructor(readonly detail?: string) {
    super(detail ?? 'refused');
  }
}

/** Refuses the value being parsed (inside a kind's `parse`). */
export function refuse(detail?: string): never {
  throw new Refused(detail);
}

interface Options {
  doc: string;
  /** Used when the variable is unset or empty, parsed like a given value. */
  default?: string;
  /** The README's default column for a default that depends on other variables (computed in config.ts). */
  derivedDefault?: string;
}

interface Kind<T> {
  /** "must be ...": the issue's message after the variable's name. */
  accepts: string;
  /** Surrounding spaces are not part of the value (numbers, flags, lists, URLs). */
  trim: boolean;
  /** How the refused value is shown in the message; null: never (secrets). */
  echo: ((raw: string) => string) | null;
  parse(text: string): T;
  /** The value when the variable is unset, empty and has no default (lists: `[]`); else undefined. */
  unset?: T;
}

type Variable<T> = z.ZodType<T, string | undefined>;

function variable<T>(kind: Kind<T>, opts: Options): Variable<T | undefined> {
  if (opts.default !== undefined && opts.derivedDefault !== undefined) throw new Error('a variable has one default');
  const schema = z
    .string()
    .optional()
    .transform((raw, ctx): T | undefined => {
      const text = raw !== undefined && kind.trim ? raw.trim() : raw;
      const source = text === undefined || text === '' ? opts.default : text;
      if (source === undefined) return kind.unset;
      try {
        return kind.parse(source);
      } catch (err) {
        if (!(err instanceof Refused)) throw err;
        const shown = kind.echo && raw !== undefined ? `, got "${kind.echo(raw)}"` : '';
        ctx.addIssue({ code: 'custom', message: `${kind.accepts}${err.detail ? `: ${err.detail}` : ''}${shown}` });
        return z.NEVER;
      }
    });
  variableDocs.add(schema, {
    doc: opts.doc,
    defaultText: opts.derivedDefault ?? (opts.default === undefined ? 'unset' : `\`${opts.default}\``),
  });
  return schema;
}

const asGiven = (raw: string) => raw;

/** Free text (names, passwords, the sender address): taken as given, spaces included. */
export function text(opts: Options & { default: string }): Variable<string>;
export function text(opts: Options & { default?: undefined }): Variable<string | undefined>;
export function text(opts: Options): Variable<string | undefined> {
  return variable({ accepts: 'must be text', trim: false, echo: null, parse: asGiven }, opts);
}

/** A file or directory, resolved against the working directory. */
export function filePath(opts: Options & { default: string }): Variable<string>;
export function filePath(opts: Options & { default?: undefined }): Variable<string | undefined>;
export function filePath(opts: Options): Variable<string | undefined> {
  return variable({ accepts: 'must be a path', trim: false, echo: asGiven, parse: (p) => path.resolve(p) }, opts);
}

/** Exactly `true` or `false`: anything else stops the start rather than being read as either. */
export function flag(opts: Options & { default: 'true' | 'false' }): Variable<boolean>;
export function flag(opts: Options & { default?: undefined }): Variable<boolean | undefined>;
export function flag(opts: Options): Variable<boolean | undefined> {
  return variable({ accepts: 'must be true or false', trim: true, echo: asGiven, parse: parseFlag }, opts);
}

export function parseFlag(text: string): boolean {
  if (text === 'true' || text === 'false') return text === 'true';
  return refuse();
}

/** A whole number within [min, max], in `unit`s (`seconds`, `minutes`...), written in decimal digits. */
export function integer(opts: Options & { default: string; min: number; max?: number; unit?: string }): Variable<number> {
  const range = opts.max === undefined ? `${opts.min} or more` : `from ${opts.min} to ${opts.max}`;
  const accepts = `must be a whole number${opts.unit ? ` of ${opts.unit}` : ''}, ${range}`;
  return variable<number>(
    {
      accepts,
      trim: true,
      echo: asGiven,
      parse(digits) {
        if (!/^\d+$/.test(digits)) return refuse();
        const value = Number(digits);
        return value < opts.min || (opts.max !== undefined && value > opts.max) ? refuse() : value;
      },
    },
    opts,
  ) as Variable<number>;
}

/** One of `choices`, exactly. */
export function choice<const C extends string>(choices: readonly C[], opts: Options & { default: C }): Variable<C> {
  const parse = (given: string): C => (choices.includes(given as C) ? (given as C) : refuse());
  return variable({ accepts: `must be one of ${choices.join(', ')}`, trim: true, echo: asGiven, parse }, opts) as Variable<C>;
}

/** A URL's credentials are not repeated in an error message (it may be logged). */
function withoutCredentials(raw: string): string {
  return raw.replace(/\/\/[^/@\s]*@/, '//***@');
}

/** A URL with one of `schemes` (`['redis', 'rediss']`): parsed by WHATWG URL, no spaces. */
export function parseUrl(given: string, schemes: readonly string[]): URL {
  if (/\s/.test(given) || !URL.canParse(given)) return refuse();
  const url = new URL(given);
  return schemes.includes(url.protocol.slice(0, -1)) ? url : refuse();
}

function schemeList(schemes: readonly string[]): string {
  const names = schemes.map((s) => `${s}://`);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** A URL with one of `schemes`; the value is the text as given (credentials hidden in messages). */
export function url(schemes: readonly string[], opts: Options & { default?: undefined }): Variable<string | undefined> {
  return variable(
    {
      accepts: `must be a ${schemeList(schemes)} URL`,
      trim: true,
      echo: withoutCredentials,
      parse: (given) => (parseUrl(given, schemes), given),
    },
    opts,
  );
}

/** The entries of a comma-separated list, each without surrounding spaces (an empty one stays, to be refused). */
export function splitList(text: string): string[] {
  return text.split(',').map((entry) => entry.trim());
}

/**
 * A comma-separated list, each entry read by `entry`; unset: `[]`. `accepts` says what the list
 * holds ("must list ..."); a refused entry is named in the message.
 */
export function list<T>(accepts: string, entry: (item: string) => T, opts: Options & { default?: undefined }): Variable<T[]> {
  const parse = (given: string) =>
    splitList(given).map((item) => {
      try {
        return entry(item);
      } catch (err) {
        if (err instanceof Refused && err.detail === undefined) refuse(`"${item}"`);
        throw err;
      }
    });
  return variable<T[]>({ accepts, trim: true, echo: null, parse, unset: [] }, opts) as Variable<T[]>;
}

/**
 * A secret: printable, without spaces (a bearer token cannot carry one), and at least `minLength`
 * characters so that it cannot be guessed (an HS256 key needs 32). Never repeated in a message.
 */
export function secret(minLength: number, opts: Options & { default?: undefined }): Variable<string | undefined> {
  return variable(
    {
      accepts: `must be at least ${minLength} characters, printable and without spaces (a random value, e.g. openssl rand -base64 48)`,
      trim: false,
      echo: null,
      parse: (given) => (given.length >= minLength && /^[\x21-\x7e]+$/.test(given) ? given : refuse()),
    },
    opts,
  );
}

/** A value read by `parse` (which refuses with a detail), for the few variables of their own form. */
export function custom<T>(accepts: string, parse: (text: string) => T, opts: Options & { default: string }): Variable<T>;
export function custom<T>(accepts: string, parse: (text: string) => T, opts: Options & { default?: undefined }): Variable<T | undefined>;
export function custom<T>(accepts: string, parse: (text: string) => T, opts: Options): Variable<T | undefined> {
  return variable({ accepts, trim: true, echo: asGiven, parse }, opts);
}
