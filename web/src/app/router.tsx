import { createBrowserRouter, type RouteObject } from 'react-router';
import { lazyRoute, setPendingLocationGetter } from '../lib/lazy-route';
import { Layout, BareLayout } from './Layout';
import { RouteError } from './RouteError';
import { PageLoading } from '../ui/PageLoading';
import { adminPaths, paths, routePatterns, screenModules, type ScreenModule } from '@contract';

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
 * The screens at their paths (contract/paths.ts). React Router matches paths case-insensitively,
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
              { path: paths.nidsIntro, lazy: screen('nidsIntro') },
              { path: paths.nidsAbout, lazy: screen('nidsAbout') },
              { path: paths.nidsHistory, lazy: screen('nidsHistory') },
              { path: paths.nidsOrganization, lazy: screen('nidsOrganization') },
              { path: paths.registSite, lazy: screen('registSite') },
              { path: paths.signin, lazy: screen('signin') },
              { path: paths.signup, lazy: screen('signup') },
              { path: paths.signupWelcome, lazy: screen('signupWelcome') },
              { path: paths.findId, lazy: screen('findId') },
              { path: paths.findPassword, lazy: screen('findPassword') },
              { path: paths.myPage, lazy: screen('myPage') },
              {
                // The console (issue 9): its frame and every screen are lazy chunks of their own.
                path: adminPaths.dashboard,
                lazy: screen('adminLayout'),
                children: [
                  { index: true, lazy: screen('adminDashboard') },
                  { path: adminPaths.members, lazy: screen('adminMembers') },
                  { path: routePatterns.adminMember, lazy: screen('adminMember') },
                  { path: adminPaths.roles, lazy: screen('adminRoles') },
                  { path: adminPaths.boards, lazy: screen('adminBoards') },
                  { path: routePatterns.adminBoard, lazy: screen('adminBoard') },
                  { path: adminPaths.inquiries, lazy: screen('adminInquiries') },
                  { path: adminPaths.alumni, lazy: screen('adminAlumni') },
                  { path: adminPaths.settings, lazy: screen('adminSettings') },
                  { path: adminPaths.accessRecords, lazy: screen('adminAccessRecords') },
                  { path: adminPaths.twoFactor, lazy: screen('adminTwoFactor') },
                  { path: adminPaths.popups, lazy: screen('adminPopups') },
                  { path: adminPaths.contents, lazy: screen('adminContents') },
                  { path: routePatterns.adminContent, lazy: screen('adminContent') },
                  { path: routePatterns.adminContentVersions, lazy: screen('adminContentVersions') },
                  { path: adminPaths.menu, lazy: screen('adminMenu') },
                  { path: adminPaths.popularSearches, lazy: screen('adminPopularSearches') },
                  { path: '*', lazy: screen('notFound') },
                ],
              },
              { path: paths.search, lazy: screen('search') },
              { path: routePatterns.boardList, lazy: screen('boardList') },
              { path: routePatterns.boardView, lazy: screen('boardView') },
              // The inquiry form has its own chunk without the post editor (TipTap lives only in BoardWritePage's).
              { path: routePatterns.inquiryWrite, lazy: screen('inquiryWrite') },
              { path: routePatterns.boardWrite, lazy: screen('boardWrite') },
              { path: '*', lazy: screen('notFound') },
            ],
          },
        ],
      },
      {
        // Terms pages have no surrounding layout (spec §2).
        element: <BareLayout />,
        children: [
          { path: paths.privacy, lazy: screen('privacy') },
          { path: paths.terms, lazy: screen('terms') },
          { path: paths.contactUsTerms, lazy: screen('contactUsTerms') },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
setPendingLocationGetter(() => router.state.navigation.location);
