import { useEffect } from 'react';

/**
 * `<meta name="robots" content="noindex">` in the document's head while a screen that is no page
 * (the not-found screen) shows, and none once it is gone (issue 23). The server puts the same tag
 * in a 404's HTML (server/modules/seo/page-head.ts); a screen reached in the app, or a page whose
 * not-found screen gives way to another, needs the head to follow.
 */
export function useNoIndex(active = true): void {
  useEffect(() => {
    if (!active) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'robots';
      document.head.append(meta);
    }
    meta.content = 'noindex';
    const tag = meta;
    return () => tag.remove();
  }, [active]);
}
