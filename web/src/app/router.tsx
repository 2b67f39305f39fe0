import { createBrowserRouter, type RouteObject } from 'react-router';
import { lazyRoute, setPendingLocationGetter } from '../lib/lazy-route';
import { Layout, BareLayout } from './Layout';
import { RouteError } from './RouteError';
import { PageLoading } from '../ui/PageLoading';

/**
 * Every screen is its own lazy chunk (spec §2). React Router matches paths case-insensitively,
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
              { index: true, lazy: lazyRoute(() => import('../features/home/HomePage')) },
              { path: 'nids/intro', lazy: lazyRoute(() => import('../features/info/IntroPage')) },
              { path: 'nids/about', lazy: lazyRoute(() => import('../features/info/AboutPage')) },
              { path: 'nids/history', lazy: lazyRoute(() => import('../features/info/HistoryPage')) },
              { path: 'nids/organization', lazy: lazyRoute(() => import('../features/info/OrganizationPage')) },
              { path: 'system/registSite', lazy: lazyRoute(() => import('../features/info/RegistSitePage')) },
              { path: 'Account/Signin', lazy: lazyRoute(() => import('../features/account/routes/SigninPage')) },
              { path: 'Account/Signup', lazy: lazyRoute(() => import('../features/account/routes/SignupPage')) },
              { path: 'Account/Signup/Welcome', lazy: lazyRoute(() => import('../features/account/routes/SignupWelcomePage')) },
              { path: 'Account/FindId', lazy: lazyRoute(() => import('../features/account/routes/FindIdPage')) },
              { path: 'Account/FindPassword', lazy: lazyRoute(() => import('../features/account/routes/FindPasswordPage')) },
              { path: 'Account/MyPage', lazy: lazyRoute(() => import('../features/account/routes/MyPagePage')) },
              {
                // The console (issue 9): its frame and every screen are lazy chunks of their own.
                path: 'admin',
                lazy: lazyRoute(() => import('../features/admin/AdminLayout')),
                children: [
                  { index: true, lazy: lazyRoute(() => import('../features/admin/dashboard/DashboardPage')) },
                  { path: 'members', lazy: lazyRoute(() => import('../features/admin/members/MemberListPage')) },
                  { path: 'members/:userId', lazy: lazyRoute(() => import('../features/admin/members/MemberDetailPage')) },
                  { path: 'roles', lazy: lazyRoute(() => import('../features/admin/roles/RolesPage')) },
                  { path: 'boards', lazy: lazyRoute(() => import('../features/admin/boards/AdminBoardListPage')) },
                  { path: 'boards/:boardCode', lazy: lazyRoute(() => import('../features/admin/boards/AdminBoardEditPage')) },
                  { path: 'inquiries', lazy: lazyRoute(() => import('../features/admin/inquiries/InquiryQueuePage')) },
                  { path: 'alumni', lazy: lazyRoute(() => import('../features/admin/alumni/AlumniPage')) },
                  { path: 'settings', lazy: lazyRoute(() => import('../features/admin/settings/SiteSettingsPage')) },
                  { path: 'access-records', lazy: lazyRoute(() => import('../features/admin/access-records/AccessRecordsPage')) },
                  { path: 'two-factor', lazy: lazyRoute(() => import('../features/admin/two-factor/TwoFactorPage')) },
                  { path: '*', lazy: lazyRoute(() => import('./NotFoundPage')) },
                ],
              },
              { path: ':area/:boardCode/List', lazy: lazyRoute(() => import('../features/board/routes/BoardListPage')) },
              { path: ':area/:boardCode/View/:itemNo', lazy: lazyRoute(() => import('../features/board/routes/BoardViewPage')) },
              // The inquiry form has its own chunk without the post editor (TipTap lives only in BoardWritePage's).
              { path: 'nids/contactus/Write/:itemNo', lazy: lazyRoute(() => import('../features/board/routes/InquiryWritePage')) },
              { path: ':area/:boardCode/Write/:itemNo', lazy: lazyRoute(() => import('../features/board/routes/BoardWritePage')) },
              { path: '*', lazy: lazyRoute(() => import('./NotFoundPage')) },
            ],
          },
        ],
      },
      {
        // Terms pages have no surrounding layout (spec §2).
        path: 'TOS/Content',
        element: <BareLayout />,
        children: [
          { path: 'PrivacyContent', lazy: lazyRoute(() => import('../features/terms/PrivacyContentPage')) },
          { path: 'TermsContent', lazy: lazyRoute(() => import('../features/terms/TermsContentPage')) },
          { path: 'ContactUs/TermsContent', lazy: lazyRoute(() => import('../features/terms/ContactUsTermsContentPage')) },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
setPendingLocationGetter(() => router.state.navigation.location);
