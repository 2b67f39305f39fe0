import { useCallback, useEffect, useRef, useState } from 'react';
import { draftStorage } from '@web/lib/member-storage';

/**
 * A draft of the post being written, kept in this browser's localStorage so a closed tab or an
 * expired session does not lose it (a guest's in the tab's sessionStorage only). One per writer,
 * board and post; removed once the post is saved, the writer discards it or the member signs out
 * (lib/member-storage.ts; not when the session merely expires). Attachments are not kept: an
 * upload not taken by a post expires.
 */
export interface PostDraft {
  title: string;
  content: string;
  category: string;
  isNotice: boolean;
  isSecret: boolean;
  showItemToMain: boolean;
  /** ms since the epoch */
  savedAt: number;
}

const SAVE_DELAY_MS = 800;

export function readDraft(storage: Pick<Storage, 'getItem'>, key: string): PostDraft | null {
  try {
    const value = JSON.parse(storage.getItem(key) ?? 'null') as Partial<PostDraft> | null;
    if (!value || typeof value.title !== 'string' || typeof value.content !== 'string' || typeof value.savedAt !== 'number') return null;
    return {
      title: value.title,
      content: value.content,
      category: typeof value.category === 'string' ? value.category : '',
      isNotice: value.isNotice === true,
      isSecret: value.isSecret === true,
      showItemToMain: value.showItemToMain !== false,
      savedAt: value.savedAt,
    };
  } catch {
    return null;
  }
}

/** The stored draft found on opening (to offer back), and saving/clearing as the writer types. */
export function usePostDraft(writer: string, key: string) {
  const [storage] = useState(() => draftStorage(writer));
  const [offered, setOffered] = useState<PostDraft | null>(() => readDraft(storage, key));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const save = useCallback(
    (draft: Omit<PostDraft, 'savedAt'>) => {
      cancel();
      timer.current = setTimeout(() => {
        try {
          storage.setItem(key, JSON.stringify({ ...draft, savedAt: Date.now() }));
        } catch {
          // Storage full or disabled: the draft is a convenience, writing goes on.
        }
      }, SAVE_DELAY_MS);
    },
    [storage, key, cancel],
  );

  const clear = useCallback(() => {
    cancel();
    storage.removeItem(key);
    setOffered(null);
  }, [storage, key, cancel]);

  const dismissOffer = useCallback(() => setOffered(null), []);

  useEffect(() => cancel, [cancel]);
  return { offered, save, clear, dismissOffer };
}
