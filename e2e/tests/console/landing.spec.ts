import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessibleAndFitting, shot, signedInApi } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';

type Summary = {
  totals: { type: string; count: number }[];
  byPath: { type: string; path: string; count: number }[];
  forms: { form: string; displays: number; submits: number }[];
};

async function analytics(admin: APIRequestContext) {
  const res = await admin.get('/api/analytics/summary?days=1');
  expect(res.status()).toBe(200);
  const summary = (await res.json()) as Summary;
  const form = (name: string) => summary.forms.find((f) => f.form === name) ?? { displays: 0, submits: 0 };
  return {
    homeViews: summary.byPath.find((p) => p.type === 'page_view' && p.path === '/')?.count ?? 0,
    notary: form('landing-notary'),
    title: form('landing-title'),
  };
}

type FeedbackItem = {
  email: string;
  kind: string;
  name: string;
  phone: string | null;
  comments: string;
  city: string | null;
  state: string | null;
};

async function feedbackFrom(admin: APIRequestContext, email: string): Promise<FeedbackItem | undefined> {
  const feedback = (await (await admin.get('/api/feedback?includeRead=true&pageSize=50')).json()) as { items: FeedbackItem[] };
  return feedback.items.find((item) => item.email === email);
}

/** Tab until the field with this label has the focus (the dialog's first stop is its own). */
async function tabTo(page: Page, label: string) {
  for (let i = 0; i < 12; i += 1) {
    if (await page.getByRole('textbox', { name: label, exact: true }).evaluate((e) => e === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${label}`);
}

test.describe('the landing page', () => {
  test('hero, tags, stats, features, five steps, testimonials and reviews; the Notary Request Form is stored, confirmed and cleared, and counted', async ({
    page,
  }) => {
    const admin = await signedInApi('admin@demo.test');
    const before = await analytics(admin);
    const email = `notary-request-${Date.now()}@example.test`;

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Closing signings, ordered and handled in one place');
    await expect(page.getByRole('list', { name: 'Benefits' }).getByRole('listitem')).toHaveCount(5);
    await expect(page.getByRole('region', { name: 'SigningDesk in figures' })).toContainText('8,000+');
    await expect(page.getByRole('region', { name: 'How it works, in five steps' }).getByRole('listitem')).toHaveCount(5);
    await expect(page.getByRole('region', { name: 'What our customers say' }).locator('figure')).toHaveCount(3);
    await expect(page.getByRole('region', { name: 'Reviews' })).toContainText('out of 5 from');
    const next = page.getByRole('region', { name: 'Interested and want to learn more?' });
    for (const [name, href] of [
      ['Register as an Escrow Officer', '/escrow'],
      ['Register as a Signing Agent or Field Inspector', '/sign-up'],
      ['About Us', '/about-us'],
      ['Contact Us', '/support'],
    ] as const) {
      await expect(next.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: '(888) 555-0142' })).toHaveAttribute('href', 'tel:+18885550142');
    await expect(footer.locator('address')).toHaveText('100 Congress Avenue, Suite 2000, Austin, TX 78701');
    await shot(page, 'landing', true);
    await expectAccessibleAndFitting(page, 'landing page');
    await page.setViewportSize({ width: 768, height: 1000 });
    await expectAccessibleAndFitting(page, 'landing page at 768');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Schedule Your Notary Today' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Notary Request Form' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Notarization Needs')).toHaveAttribute('placeholder', 'Please describe what you need notarized');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please fill in all required fields');
    await expectAccessibleAndFitting(page, 'notary request form with errors');

    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Jordan Lee');
    await dialog.getByLabel('Email Address').fill(email);
    await dialog.getByLabel('Callback Number').fill('7025550143');
    await dialog.getByLabel('City').fill('Las Vegas');
    await dialog.getByLabel('State').selectOption('NV');
    await dialog.getByLabel('Notarization Needs').fill('A power of attorney, two signers, this Friday.');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('status')).toContainText('Thank you! We received your notary request.');
    for (const label of ['Name', 'Email Address', 'Callback Number', 'City', 'Notarization Needs']) {
      await expect(dialog.getByRole('textbox', { name: label, exact: true })).toHaveValue('');
    }
    await shot(page, 'notary-request-sent');
    await expectAccessibleAndFitting(page, 'notary request confirmed');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    expect(await feedbackFrom(admin, email)).toMatchObject({
      kind: 'landing_notary',
      name: 'Jordan Lee',
      phone: '(702) 555-0143',
      comments: 'A power of attorney, two signers, this Friday.',
      city: 'Las Vegas',
      state: 'NV',
    });
    // First-party analytics: the page view and the form's display and submit reached the database.
    await expect
      .poll(async () => {
        const after = await analytics(admin);
        return [
          after.homeViews > before.homeViews,
          after.notary.displays > before.notary.displays,
          after.notary.submits > before.notary.submits,
        ];
      })
      .toEqual([true, true, true]);
    await admin.dispose();
  });

  test('Schedule a Consultation: the title-company form, completed with the keyboard alone', async ({ page }) => {
    const admin = await signedInApi('admin@demo.test');
    const email = `consultation-${Date.now()}@example.test`;
    await page.goto('/title-landing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notary Services for Title Companies');
    await expectAccessibleAndFitting(page, 'title landing');

    await page.getByRole('button', { name: 'Schedule a Consultation' }).first().focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Schedule a Consultation' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Company Name')).toHaveAttribute('placeholder', 'Name of Title Company');
    await tabTo(page, 'Name');
    await page.keyboard.type('Priya Shah');
    await page.keyboard.press('Tab');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('5125550111');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Austin');
    await page.keyboard.press('Tab');
    await page.keyboard.type('TX');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Lone Star Title');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('status')).toContainText('Thank you! We received your consultation request.');
    await expect(dialog.getByLabel('Company Name')).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    expect(await feedbackFrom(admin, email)).toMatchObject({
      kind: 'landing_title',
      name: 'Priya Shah',
      comments: 'Lone Star Title',
      city: 'Austin',
      state: 'TX',
    });
    await admin.dispose();
  });

  test('the Data Policy dialog: a click inside keeps it, the overlay and the close button close it; the FAQ links to /sign-up', async ({
    page,
  }) => {
    await page.goto('/faq');
    await expect(page.getByRole('link', { name: 'Register as a Signing Agent or Field Inspector' }).first()).toHaveAttribute(
      'href',
      '/sign-up',
    );
    await expectAccessibleAndFitting(page, 'faq');

    await page.getByRole('contentinfo').getByRole('link', { name: 'Data Policy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Data Policy' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/faq$/);
    await dialog.getByRole('heading').nth(1).click();
    await expect(dialog).toBeVisible();
    await expectAccessibleAndFitting(page, 'data policy dialog');
    await page.mouse.click(8, 8); // the overlay, outside the content
    await expect(dialog).toBeHidden();

    await page.getByRole('contentinfo').getByRole('link', { name: 'Data Policy' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('Auto-appraisals', () => {
  test('required fields, the status card that closes to an empty form, and a real 429 in words with the input kept', async ({
    page,
    request,
  }) => {
    await page.goto('/auto-appraisals');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields');
    await expectAccessibleAndFitting(page, 'auto-appraisals with errors');

    const fill = async (email: string) => {
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Sam Carter');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Phone').fill('3055550120');
      await page.getByLabel('Comments').fill('2019 Ford F-150, for an estate.');
    };
    const email = `appraisal-${Date.now()}@example.test`;
    await fill(email);
    await page.getByRole('button', { name: 'Submit' }).click();
    const card = page.getByRole('region', { name: 'Thank you! We received your auto-appraisal request.' });
    await expect(card).toContainText('A certified appraiser will contact you shortly to schedule the appraisal.');
    await expectAccessibleAndFitting(page, 'auto-appraisal status card');
    await card.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByLabel('Comments')).toHaveValue('');
    const admin = await signedInApi('admin@demo.test');
    const stored = (await (await admin.get('/api/auto-appraisals?pageSize=20')).json()) as { items: { email: string }[] };
    expect(stored.items.find((item) => item.email === email)).toMatchObject({
      name: 'Sam Carter',
      phone: '(305) 555-0120',
      comments: '2019 Ford F-150, for an estate.',
    });
    await admin.dispose();

    // Use up this address's allowance for the form (10 an hour), then send from the page.
    let status = 0;
    for (let i = 0; i < 12 && status !== 429; i += 1) {
      const res = await request.post('/api/auto-appraisals', {
        data: { name: 'Sam Carter', email: `filler-${i}@example.test`, phone: '3055550120', comments: 'Filler.' },
      });
      status = res.status();
    }
    expect(status).toBe(429);
    await fill('over-the-limit@example.test');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText(/^Too many .+ from your network\. Please try again in \d+ minutes?\.$/);
    await expect(page.getByLabel('Email')).toHaveValue('over-the-limit@example.test');
    await expect(page.getByLabel('Comments')).toHaveValue('2019 Ford F-150, for an estate.');
  });
});
