import { signInAs } from '../../support/accounts';
import { signedInApi, signInAsAgent } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';

/**
 * A number pasted with its country code (issue 27, item 12): the console's mask once kept its
 * first ten digits and saved "+1 (310) 555-0142" as (131) 055-5014. Each form shows and stores
 * (310) 555-0142; an extension is refused next to the field.
 */
const PASTED = '+1 (310) 555-0142';
const STORED = '(310) 555-0142';

test.describe('phone numbers pasted with +1', () => {
  test('Contact Us and Create New User store (310) 555-0142; an extension is refused at the field', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const contactEmail = `phone-visitor-${stamp}@example.test`;
    await page.goto('/support');
    await page.getByLabel('Name').fill('Jordan Lee');
    await page.getByLabel('Email').fill(contactEmail);
    await page.getByLabel('Phone').fill('(310) 555-0142 x12');
    await page.getByLabel('Subject').fill('Coverage in Nevada');
    await page.getByLabel('Comments, feedback or report an issue').fill('Do you cover Reno?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/extensions are not accepted/)).toBeVisible();

    await page.getByLabel('Phone').fill(PASTED);
    await expect(page.getByLabel('Phone')).toHaveValue(STORED);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('region', { name: 'Thank you for contacting us.' })).toBeVisible();

    const admin = await signedInApi('admin@demo.test');
    const feedback = await (await admin.get('/api/feedback?includeRead=true&pageSize=50')).json();
    expect(feedback.items.find((item: { email: string }) => item.email === contactEmail)).toMatchObject({ phone: STORED });

    // The org admin's Create New User.
    const officerEmail = `phone-officer-${stamp}@firm-a.demo.test`;
    await signInAs(page, 'orgadmin@firm-a.demo.test', '/originator?tab=users');
    await page.getByLabel('First name').fill('Noel');
    await page.getByLabel('Last name').fill('Ferris');
    await page.getByLabel('Email').fill(officerEmail);
    await page.getByLabel('Phone').fill(PASTED);
    await expect(page.getByLabel('Phone')).toHaveValue(STORED);
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByRole('region', { name: 'Registration Status' })).toContainText('Invitation sent.');

    const firms = await (await admin.get('/api/firms?pageSize=50')).json();
    const firmA = firms.items.find((firm: { name: string }) => firm.name === 'Firm A Title & Escrow');
    const users = await (await admin.get(`/api/firms/${firmA.id}/users?pageSize=200`)).json();
    expect(users.items.find((user: { email: string }) => user.email === officerEmail)).toMatchObject({ phone: STORED });
    await admin.dispose();
  });

  test('the agent app’s Mobile phone stores (310) 555-0142', async ({ page }) => {
    await signInAsAgent(page);
    const before = (await (await page.request.get('/api/agents/me')).json()) as { mobilePhone: string };
    await page.goto('/notary/profile');
    await page.getByLabel('Mobile phone').fill(PASTED);
    await expect(page.getByLabel('Mobile phone')).toHaveValue(STORED);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Your profile was updated.')).toBeVisible();
    const me = (await (await page.request.get('/api/agents/me')).json()) as { mobilePhone: string };
    expect(me.mobilePhone).toBe('3105550142');

    // The demo agent's own number back, for the journeys after this one.
    await page.getByLabel('Mobile phone').fill(before.mobilePhone);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect
      .poll(async () => ((await (await page.request.get('/api/agents/me')).json()) as { mobilePhone: string }).mobilePhone)
      .toBe(before.mobilePhone);
  });
});
