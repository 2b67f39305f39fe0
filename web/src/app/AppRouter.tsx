import { useEffect } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import { startVisitBeacon } from '../lib/visit-beacon';

type BeaconSend = Parameters<typeof startVisitBeacon>[1];

/**
 * The router on screen, and what listens to it besides (the visit beacon, issue 23).
 *
 * Nothing may subscribe to the router before RouterProvider has: RouterProvider reads the router's
 * state when it renders and subscribes only when it commits (a layout effect), and React Router
 * keeps a change made in between for the first subscriber only when there is none. The first
 * render is a transition rendered in slices (main.tsx), so the lazy screen can finish loading in
 * between; with the beacon already listening, the change went to the beacon alone and the page
 * stayed on the loading line for good (a browser test in a few CI runs in four, each time another:
 * every request answered, the screen's chunk among them). The beacon therefore starts in an effect:
 * passive effects run after every layout effect of the commit. AppRouter.test.tsx makes the change
 * land in that window.
 */
export function AppRouter({ router, sendBeacon }: { router: DataRouter; sendBeacon?: BeaconSend }) {
  useEffect(() => startVisitBeacon(router, sendBeacon), [router, sendBeacon]);
  return <RouterProvider router={router} />;
}
