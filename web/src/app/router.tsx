import { createBrowserRouter, type RouteObject } from 'react-router';
import { lazyRoute, setPendingLocationGetter } from '../lib/lazy-route';
import { Layout, BareLayout } from './Layout';
import { RouteError } from './RouteError';
import { PageLoading } from '../ui/PageLoading';
import { screenModules, screenRoutes, type RoutedScreen, type ScreenModule } from '@contract';

/** What a screen's module gives the router (React Router's lazy route module). */
type ScreenModuleExports = Pick<RouteObject, 'Component' | 'loader' | 'ErrorBoundary' | 'handle'>;

/**
 * Every screen's module (contract/screens.ts `screenModules`), each its own lazy chunk (spec §2),
 * keyed as Vite's manifest keys them (`/src/...` from web/). The patterns match those modules and
 * nothing else: web/src/app/screen-modules.test.ts holds the two lists to each other.
 */
const screenLoaders = import.meta.glob<ScreenModuleExports>([
  '/src/features/*/*Page.tsx',
  '/src/features/*/routes/*Page.tsx',
  '/src/features/admin/*/*Page.tsx',
  '/src/features/admin/AdminLayout.tsx',
  '/src/app/NotFoundPage.tsx',
]);

function screen(name: ScreenModule): () => Promise<ScreenModuleExports> {
  const load = screenLoaders[`/${screenModules[name]}`];
  if (!load) throw new Error(`The router has no module for the screen ${name} (${screenModules[name]})`);
  return lazyRoute(load);
}

/**
 * A screen at its path. The paths come from contract/screen-routes.ts, the list the server also
 * reads to answer 404 for an address no route matches: a route written here with a path of its
 * own would be a screen the server calls unknown (screen-routes.test.ts checks the two agree).
 */
function page(name: RoutedScreen): { path: string; lazy: () => Promise<ScreenModuleExports> } {
  return { path: screenRoutes[name], lazy: screen(name) };
}

/**
 * The screens at their paths (contract/screen-routes.ts). React Router matches paths case-insensitively,
 * so /Account/Signin and /account/signin are the same screen.
 */
const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    children: [
      {
        element: <Layout />,
        children: [
          {
            // Errors of a screen render inside the layout, so the menu stays usable.
            errorElement: <RouteError withLayout />,
            children: [
              { index: true, lazy: screen('home') },
              page('nidsIntro'),
              page('nidsAbout'),
              page('nidsHistory'),
              page('nidsOrganization'),
              page('registSite'),
              page('signin'),
              page('signup'),
              page('signupWelcome'),
              page('findId'),
              page('findPassword'),
              page('myPage'),
              {
                // The console (issue 9): its frame and every screen are lazy chunks of their own.
                ...page('adminLayout'),
                children: [
                  { index: true, lazy: screen('adminDashboard') },
                  page('adminMembers'),
                  page('adminMember'),
                  page('adminRoles'),
                  page('adminBoards'),
                  page('adminBoard'),
                  page('adminInquiries'),
                  page('adminAlumni'),
                  page('adminSettings'),
                  page('adminAccessRecords'),
                  page('adminTwoFactor'),
                  page('adminPopups'),
                  page('adminContents'),
                  page('adminContent'),
                  page('adminContentVersions'),
                  page('adminMenu'),
                  page('adminStats'),
                  page('adminFeedback'),
                  page('adminPopularSearches'),
                  { path: '*', lazy: screen('notFound') },
                ],
              },
              page('search'),
              page('boardList'),
              page('boardView'),
              // The inquiry form has its own chunk without the post editor (TipTap lives only in BoardWritePage's).
              page('inquiryWrite'),
              page('boardWrite'),
              { path: '*', lazy: screen('notFound') },
            ],
          },
        ],
      },
      {
        // Terms pages have no surrounding layout (spec §2).
        element: <BareLayout />,
        children: [
          page('privacy'),
          page('terms'),
          page('contactUsTerms'),
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
setPendingLocationGetter(() => router.state.navigation.location);
// Nothing subscribes to the router here: the visit beacon starts with the router on screen (AppRouter.tsx says why).
