/** The most characters of an uploaded name that are kept (the upload URL's `fileName` allows as many). */
export const KEPT_NAME_MAX = 200;

/**
 * Control characters, and the bidirectional controls that make `evil\u202Egnp.txt` read as
 * "eviltxt.png": a file's name must show what the file is.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const HIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The uploaded name as it is kept and shown: its last path part, without hidden characters, at
 * most KEPT_NAME_MAX characters (code points, as the contract counts them: never half an emoji),
 * and a name that is cut keeps its extension.
 */
export function keptFileName(fileName: string): string {
  const name = fileName.split(/[\\/]/).pop()!.replace(HIDDEN_CHARACTERS, '');
  const characters = Array.from(name);
  if (characters.length <= KEPT_NAME_MAX) return name;
  const extension = Array.from(/\.[^.]{1,15}$/.exec(name)?.[0] ?? '');
  return characters.slice(0, KEPT_NAME_MAX - extension.length).join('') + extension.join('');
}
