/**
 * The console's routes (DESIGN.md URL map). /notary/*, /sign-up and /preview/* belong to the
 * agent PWA and never reach this router. Every page but the home page is loaded on demand
 * (`lazy`), so a visitor's first page downloads neither the portals nor the forms.
 */
import { ESCROW_ROLES, OPERATOR_ROLES } from '@signingdesk/domain/roles';
import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { RequireAuth } from '../features/auth/components/require-auth';
import { HomePage } from '../features/public-site/pages/home-page';
import { RootLayout } from './layout/root-layout';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';

/**
 * A page loaded when first visited, with the whole Mantine stylesheet (the first page carries
 * only the styles of its own components: main.tsx).
 */
const page = (load: () => Promise<ComponentType>) => async () => {
  const [Component] = await Promise.all([load(), import('./all-styles')]);
  return { Component };
};

export function createRouter() {
  return createBrowserRouter([
    // A signer's confirmation link (issue 33): public, with the brand alone, none of the console's navigation.
    {
      path: '/confirm/:token',
      errorElement: <RouteError />,
      lazy: page(async () => (await import('./routes/confirm-signing')).ConfirmSigningRoute),
    },
    {
      path: '/',
      element: <RootLayout />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { index: true, element: <HomePage /> },
            { path: 'login', lazy: page(async () => (await import('./routes/login')).LoginRoute) },
            { path: 'forgot-password', lazy: page(async () => (await import('./routes/forgot-password')).ForgotPasswordRoute) },
            { path: 'reset-password', lazy: page(async () => (await import('./routes/reset-password')).ResetPasswordRoute) },
            { path: 'about-us', lazy: page(async () => (await import('../features/public-site/pages/about-us-page')).AboutUsPage) },
            { path: 'support', lazy: page(async () => (await import('../features/public-site/pages/support-page')).SupportPage) },
            { path: 'escrow', lazy: page(async () => (await import('../features/public-site/pages/escrow-page')).EscrowPage) },
            { path: 'faq', lazy: page(async () => (await import('../features/public-site/pages/faq-page')).FaqPage) },
            {
              path: 'data-policy',
              lazy: page(async () => (await import('../features/public-site/pages/data-policy-page')).DataPolicyPage),
            },
            {
              path: 'title-landing',
              lazy: page(async () => (await import('../features/public-site/pages/title-landing-page')).TitleLandingPage),
            },
            {
              path: 'auto-appraisals',
              lazy: page(async () => (await import('../features/public-site/pages/auto-appraisals-page')).AutoAppraisalsPage),
            },
            {
              lazy: page(async () => (await import('./layout/portal-layout')).PortalLayout),
              children: [
                {
                  element: <RequireAuth />,
                  children: [
                    { path: 'profile', lazy: page(async () => (await import('./routes/profile')).ProfileRoute) },
                    {
                      path: 'profile-details',
                      lazy: page(async () => (await import('./routes/profile-details')).ProfileDetailsRoute),
                    },
                    { path: 'external-api', lazy: page(async () => (await import('./routes/external-api')).ExternalApiRoute) },
                  ],
                },
                {
                  element: <RequireAuth roles={ESCROW_ROLES} />,
                  children: [
                    { path: 'originator', lazy: page(async () => (await import('./routes/originator')).OriginatorRoute) },
                    {
                      path: 'originator/orders/:id',
                      lazy: page(async () => (await import('./routes/originator-order')).OriginatorOrderRoute),
                    },
                  ],
                },
                {
                  element: <RequireAuth roles={OPERATOR_ROLES} />,
                  children: [
                    { path: 'admin', lazy: page(async () => (await import('./routes/admin')).AdminRoute) },
                    { path: 'admin/requests/:id', lazy: page(async () => (await import('./routes/admin-request')).AdminRequestRoute) },
                  ],
                },
              ],
            },
            { path: '*', element: <NotFoundRoute /> },
          ],
        },
      ],
    },
  ]);
}
