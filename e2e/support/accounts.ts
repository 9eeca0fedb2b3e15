import type { APIRequestContext, Page } from '@playwright/test';
import { expect, workerServer } from './fixtures';
import { scaled } from './slowdown';

export const DEMO_PASSWORD = 'signing-demo-2026';

/** Where each demo account lands after signing in, and what it sees there. */
export const LANDINGS = [
  { email: 'admin@demo.test', path: '/admin', heading: 'Admin Portal' },
  { email: 'subadmin@demo.test', path: '/admin', heading: 'Admin Portal' },
  {
    email: 'orgadmin@firm-a.demo.test',
    path: '/originator',
    heading: 'Escrow Officer Portal',
    greeting: 'Welcome, Olivia Grant of Firm A Title & Escrow.',
  },
  {
    email: 'escrow@firm-a.demo.test',
    path: '/originator',
    heading: 'Escrow Officer Portal',
    greeting: 'Welcome, Dana Whitfield of Firm A Title & Escrow.',
  },
  {
    email: 'escrow@firm-b.demo.test',
    path: '/originator',
    heading: 'Escrow Officer Portal',
    greeting: 'Welcome, Marcus Lee of Firm B Escrow Services.',
  },
  { email: 'agent@demo.test', path: '/notary/', heading: 'Signing Agent Portal' },
  { email: 'pending-agent@demo.test', path: '/notary/', heading: 'Signing Agent Portal' },
] as const satisfies readonly { email: string; path: string; heading: string; greeting?: string }[];

/** Signs in through the login form on the page: for the journeys about logging in itself. */
export async function fillLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  const form = page.locator('form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log In' }).click();
}

/** Signs the page's browser context in through the API, without the form (page.request shares its cookies). */
export async function apiSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  const origin = workerServer().baseURL;
  const signIn = () => page.request.post(`${origin}/api/auth/sign-in/email`, { data: { email, password }, headers: { Origin: origin } });
  // A kept-alive connection the server closed as it was reused (its 5 s idle limit) resets
  // the request before any answer: a browser sends it again on a new connection, so does this.
  const res = await signIn().catch((error: unknown) => {
    if (error instanceof Error && /ECONNRESET|socket hang up/.test(error.message)) return signIn();
    throw error;
  });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
}

/**
 * Opens `path` signed in as `email`, without the login form (the session comes from the API), and
 * checks that the page stayed there rather than being sent to a login.
 */
export async function signInAs(page: Page, email: string, path: string) {
  await apiSignIn(page, email);
  await page.goto(path);
  await expect(page).toHaveURL((url) => url.pathname === new URL(path, url).pathname);
}

/**
 * The set-password link of the invitation emailed to `email`, read from the outbox operators
 * see (`operator` is signed in as one): no SMTP server is configured in the journeys.
 */
export async function invitationLink(operator: APIRequestContext, email: string): Promise<URL> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const outbox = (await (await operator.get('/api/outbox?channel=email&pageSize=50')).json()) as {
          items: { toAddress: string; body: string }[];
        };
        link = outbox.items.find((m) => m.toAddress === email)?.body.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
        return Boolean(link);
      },
      { timeout: scaled(20_000) },
    )
    .toBe(true);
  return new URL(link!);
}
