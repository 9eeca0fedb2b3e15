/**
 * The console's routes (DESIGN.md URL map). /notary/*, /sign-up and /preview/* belong to the
 * agent PWA and never reach this router. Signed-in areas are loaded on demand (`lazy`), so a
 * visitor's first page does not download the portals.
 */
import { ESCROW_ROLES, OPERATOR_ROLES } from '@signingdesk/domain/roles';
import { createBrowserRouter } from 'react-router';
import { RequireAuth } from '../features/auth/components/require-auth';
import { AboutUsPage } from '../features/public-site/pages/about-us-page';
import { AutoAppraisalsPage } from '../features/public-site/pages/auto-appraisals-page';
import { DataPolicyPage } from '../features/public-site/pages/data-policy-page';
import { EscrowPage } from '../features/public-site/pages/escrow-page';
import { FaqPage } from '../features/public-site/pages/faq-page';
import { HomePage } from '../features/public-site/pages/home-page';
import { SupportPage } from '../features/public-site/pages/support-page';
import { TitleLandingPage } from '../features/public-site/pages/title-landing-page';
import { RootLayout } from './layout/root-layout';
import { LoginRoute } from './routes/login';
import { NotFoundRoute } from './routes/not-found';
import { ResetPasswordRoute } from './routes/reset-password';
import { RouteError } from './routes/route-error';

export function createRouter() {
  return createBrowserRouter([
    {
      path: '/',
      element: <RootLayout />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { index: true, element: <HomePage /> },
            { path: 'login', element: <LoginRoute /> },
            { path: 'reset-password', element: <ResetPasswordRoute /> },
            { path: 'about-us', element: <AboutUsPage /> },
            { path: 'support', element: <SupportPage /> },
            { path: 'escrow', element: <EscrowPage /> },
            { path: 'faq', element: <FaqPage /> },
            { path: 'data-policy', element: <DataPolicyPage /> },
            { path: 'title-landing', element: <TitleLandingPage /> },
            { path: 'auto-appraisals', element: <AutoAppraisalsPage /> },
            {
              element: <RequireAuth />,
              children: [
                { path: 'profile', lazy: async () => ({ Component: (await import('./routes/profile')).ProfileRoute }) },
                {
                  path: 'profile-details',
                  lazy: async () => ({ Component: (await import('./routes/profile-details')).ProfileDetailsRoute }),
                },
                { path: 'external-api', lazy: async () => ({ Component: (await import('./routes/external-api')).ExternalApiRoute }) },
              ],
            },
            {
              element: <RequireAuth roles={ESCROW_ROLES} />,
              children: [
                { path: 'originator', lazy: async () => ({ Component: (await import('./routes/originator')).OriginatorRoute }) },
                {
                  path: 'originator/orders/:id',
                  lazy: async () => ({ Component: (await import('./routes/originator-order')).OriginatorOrderRoute }),
                },
              ],
            },
            {
              element: <RequireAuth roles={OPERATOR_ROLES} />,
              children: [{ path: 'admin', lazy: async () => ({ Component: (await import('./routes/admin')).AdminRoute }) }],
            },
            { path: '*', element: <NotFoundRoute /> },
          ],
        },
      ],
    },
  ]);
}
