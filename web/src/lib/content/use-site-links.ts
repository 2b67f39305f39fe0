import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { apiPathPrefix } from '@contract/endpoint-routes';

/**
 * A click on a link of the site inside rich text (`<a href="/nids/about">`) moves within the app,
 * as a <Link> would, instead of loading the whole page again. New tabs, modified clicks, other
 * sites, files and fragments are left to the browser.
 */
export function useSiteLinks() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element).closest?.('a');
      const href = anchor?.getAttribute('href');
      if (!anchor || !href || anchor.target || !href.startsWith('/') || href.startsWith('//') || href.startsWith(apiPathPrefix)) return;
      event.preventDefault();
      void navigate(href);
    },
    [navigate],
  );
}
