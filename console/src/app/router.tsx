/**
 * The console's routes (DESIGN.md URL map). /notary/*, /sign-up and /preview/* belong to the
 * agent PWA and never reach this router.
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
import { AdminRoute } from './routes/admin';
import { ExternalApiRoute } from './routes/external-api';
import { LoginRoute } from './routes/login';
import { NotFoundRoute } from './routes/not-found';
import { OriginatorRoute } from './routes/originator';
import { ProfileRoute } from './routes/profile';
import { ProfileDetailsRoute } from './routes/profile-details';
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
                { path: 'profile', element: <ProfileRoute /> },
                { path: 'profile-details', element: <ProfileDetailsRoute /> },
                { path: 'external-api', element: <ExternalApiRoute /> },
              ],
            },
            {
              element: <RequireAuth roles={ESCROW_ROLES} />,
              children: [{ path: 'originator', element: <OriginatorRoute /> }],
            },
            {
              element: <RequireAuth roles={OPERATOR_ROLES} />,
              children: [{ path: 'admin', element: <AdminRoute /> }],
            },
            { path: '*', element: <NotFoundRoute /> },
          ],
        },
      ],
    },
  ]);
}
