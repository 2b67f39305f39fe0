import { isScreenPath } from '@contract/visit-screens';
import { endpointRoutes } from '@contract/endpoint-routes';

/** The part of the data router the beacon listens to. */
interface RouterLike {
  state: { location: { pathname: string }; navigation: { state: string } };
  subscribe(listener: (state: RouterLike['state']) => void): () => void;
}

/**
 * Visitor statistics (issue 23): every in-app navigation after the first screen (which the server
 * counted when it sent the HTML) goes to `POST /api/visit` by `navigator.sendBeacon`, with the path
 * and the page before it. A string body is sent as text/plain, which needs no preflight and which
 * the route reads as JSON. Nothing is kept in the browser; the console's own screens and paths of no public screen are not sent.
 */
export function startVisitBeacon(router: RouterLike, send: (url: string, body: string) => unknown = beaconSender()): () => void {
  let last = router.state.location.pathname;
  return router.subscribe((state) => {
    if (state.navigation.state !== 'idle') return;
    const path = state.location.pathname;
    if (path === last) return;
    const previous = last;
    last = path;
    // The console and paths of no public screen (a mistyped address's 404) are not counted.
    if (!isScreenPath(path)) return;
    send(endpointRoutes.visit.record.path, JSON.stringify({ path, referrer: `${window.location.origin}${previous}` }));
  });
}

function beaconSender(): (url: string, body: string) => unknown {
  return (url, body) => {
    try {
      return typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body);
    } catch {
      return false; // a browser that refuses the beacon (a full queue): the navigation is simply not counted
    }
  };
}
