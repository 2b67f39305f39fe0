import { useCallback, useEffect, useRef, useState } from 'react';
import { boardMessages } from '@contract';
import { uploadAttachment } from '../api/upload-file';
import { attachmentProblem } from './attachment-rules';

export interface Attachment {
  key: string;
  name: string;
  size: number;
  /** Set once the file is stored (an upload of this writer, or a file already on the post). */
  id: string | null;
  /** 0..1 while uploading */
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  error?: string;
}

let sequence = 0;

/**
 * The attachments of the post being written: files already on it, and new ones uploaded at once
 * (with progress) so saving the post only sends their ids. Removing an uploading file stops it.
 */
export function useAttachments(boardCode: string, initial: { id: string; name: string; size: number }[], maxFiles: number, maxFileSize: number) {
  const [items, setItems] = useState<Attachment[]>(() =>
    initial.map((file) => ({ key: `file-${file.id}`, name: file.name, size: file.size, id: file.id, progress: 1, status: 'done' as const })),
  );
  const [problem, setProblem] = useState('');
  // What a screen reader is told as uploads start and finish (the bar itself is not read out as it moves).
  const [announcement, setAnnouncement] = useState('');
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const update = (key: string, patch: Partial<Attachment>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  const add = (files: File[]) => {
    const problems: string[] = [];
    let room = maxFiles - items.filter((item) => item.status !== 'failed').length;
    const accepted: { key: string; file: File }[] = [];
    for (const file of files) {
      const refused = attachmentProblem(file, { maxFileSize });
      if (refused) problems.push(refused);
      else if (room <= 0) problems.push(`${file.name}: ${boardMessages.tooManyFiles(maxFiles)}`);
      else {
        room -= 1;
        sequence += 1;
        accepted.push({ key: `new-${sequence}`, file });
      }
    }
    setProblem(problems.join(' '));
    if (accepted.length === 0) return;
    setAnnouncement(`${accepted.map(({ file }) => file.name).join(', ')} 올리는 중입니다.`);
    setItems((list) => [
      ...list,
      ...accepted.map(({ key, file }) => ({ key, name: file.name, size: file.size, id: null, progress: 0, status: 'uploading' as const })),
    ]);
    for (const { key, file } of accepted) {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      uploadAttachment(boardCode, file, { signal: controller.signal, onProgress: (progress) => update(key, { progress }) })
        .then((stored) => {
          update(key, { id: stored.id, status: 'done', progress: 1 });
          setAnnouncement(`${file.name} 올림 완료.`);
        })
        .catch((err: unknown) => {
          if (err instanceof DOMException && err.name === 'AbortError') return;
          update(key, { status: 'failed', error: err instanceof Error ? err.message : String(err) });
        })
        .finally(() => controllers.current.delete(key));
    }
  };

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    setItems((list) => list.filter((item) => item.key !== key));
  }, []);

  const initialIds = initial.map((file) => file.id).join(',');
  const ids = items.filter((item) => item.status === 'done' && item.id).map((item) => item.id!);
  return {
    items,
    add,
    remove,
    problem,
    announcement,
    uploading: items.some((item) => item.status === 'uploading'),
    ids,
    changed: ids.join(',') !== initialIds || items.some((item) => item.status !== 'done'),
  };
}

export type AttachmentsState = ReturnType<typeof useAttachments>;
