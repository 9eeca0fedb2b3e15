import { expectAccessibleAndFitting, shot, signedInApi } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { scaled } from '../../support/slowdown';

test.describe('the public forms', () => {
  test('Contact Us: the status card, the form cleared on Close, and the request stored as Feedback', async ({ page }) => {
    const email = `visitor-${Date.now()}@example.test`;
    await page.goto('/support');
    await expect(page.getByRole('main').getByRole('link', { name: '(888) 555-0142' })).toHaveAttribute('href', 'tel:+18885550142');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByLabel('Subject')).toHaveAttribute('aria-invalid', 'true');
    await shot(page, 'contact-us');
    await expectAccessibleAndFitting(page, 'contact us with errors');

    await page.getByLabel('Name').fill('Jordan Lee');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('2135550199');
    await page.getByLabel('Subject').fill('Coverage in Nevada');
    await page.getByLabel('Comments, feedback or report an issue').fill('Do you cover Reno?');
    await page.getByRole('button', { name: 'Send' }).click();
    const card = page.getByRole('region', { name: 'Thank you for contacting us.' });
    await expect(card).toContainText('We received your message and will get back to you by email or phone as soon as we can.');
    await expect(card).not.toContainText('Status:');
    await expectAccessibleAndFitting(page, 'contact us status card');
    await card.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByLabel('Subject')).toHaveValue('');

    const admin = await signedInApi('admin@demo.test');
    const feedback = await (await admin.get('/api/feedback?includeRead=true&pageSize=50')).json();
    expect(feedback.items.find((item: { email: string }) => item.email === email)).toMatchObject({
      kind: 'contact',
      name: 'Jordan Lee',
      subject: 'Coverage in Nevada',
      comments: 'Do you cover Reno?',
      phone: '(213) 555-0199',
    });
    await admin.dispose();
  });

  test('a form answered 429 says so in words and keeps what was typed', async ({ page }) => {
    await page.goto('/support');
    await page.route('**/api/contact-requests', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '1800' },
        body: JSON.stringify({
          type: 'about:blank',
          title: 'Too Many Requests',
          status: 429,
          code: 'RATE_LIMITED',
          detail: 'Too many submissions from your network. Please try again in 30 minutes.',
        }),
      }),
    );
    await page.getByLabel('Name').fill('Jordan Lee');
    await page.getByLabel('Email').fill('limited@example.test');
    await page.getByLabel('Subject').fill('Hello');
    await page.getByLabel('Comments, feedback or report an issue').fill('Are you there?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('alert')).toHaveText('Too many submissions from your network. Please try again in 30 minutes.');
    await expect(page.getByLabel('Subject')).toHaveValue('Hello');
    await expect(page.getByLabel('Comments, feedback or report an issue')).toHaveValue('Are you there?');
  });

  test('Escrow Registration: title company required, then the status card with status, message and details', async ({ page }) => {
    const email = `new-escrow-${Date.now()}@example.test`;
    await page.goto('/escrow');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByLabel('Title company')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('First name').fill('Priya');
    await page.getByLabel('Last name').fill('Shah');
    await page.getByLabel('Office phone').fill('5125550111');
    await page.getByLabel('Title company').fill('Lone Star Title');
    await page.getByRole('button', { name: 'Register' }).click();
    const card = page.getByRole('region', { name: 'Registration received' });
    await expect(card).not.toContainText('Message:');
    await expect(card).toContainText(`email ${email} when your account is ready`);
    await shot(page, 'escrow-registration');
    await expectAccessibleAndFitting(page, 'escrow registration status card');
    await card.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByLabel('Title company')).toHaveValue('');

    // Stored: the operators are told of it (their notification carries the title company).
    const admin = await signedInApi('admin@demo.test');
    await expect
      .poll(
        async () => {
          const jobs = await (await admin.get('/api/notifications/jobs?pageSize=50')).json();
          return JSON.stringify(jobs).includes(email);
        },
        { timeout: scaled(20_000) },
      )
      .toBe(true);
    await admin.dispose();
  });
});
