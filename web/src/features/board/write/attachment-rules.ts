import { allowedExtensions, boardMessages, formatBytes } from '@contract';

export const fileExtension = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');

/**
 * Why a chosen file cannot be attached, before any upload (the server checks again, and also the
 * file's real type): extension, size and the board's count limit.
 */
export function attachmentProblem(file: Pick<File, 'name' | 'size'>, limits: { maxFileSize: number }): string | null {
  const ext = fileExtension(file.name);
  if (!(allowedExtensions as readonly string[]).includes(ext)) return `${file.name}: ${boardMessages.extensionNotAllowed(ext)}`;
  if (file.size === 0) return `${file.name}: ${boardMessages.fileEmpty}`;
  if (file.size > limits.maxFileSize) return `${file.name}: ${boardMessages.fileTooLarge(formatBytes(limits.maxFileSize))}`;
  return null;
}
