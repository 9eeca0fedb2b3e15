import AxeBuilder from '@axe-core/playwright';
import { axeViolations, expectNoAxeViolations } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';

// A page of the product's origin with known faults, one of them inside a frame.
const PAGES: Record<string, string> = {
  '/accessibility-faults.html': `<!doctype html><html lang="en"><head><title>Faults</title></head><body><main>
    <h1>Faults</h1>
    <p style="color: #bbb; background: #fff">Hard to read</p>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <iframe title="Inner" src="/accessibility-faults-inner.html"></iframe>
  </main></body></html>`,
  '/accessibility-faults-inner.html': `<!doctype html><html lang="en"><head><title>Inner</title></head><body><main>
    <button></button>
  </main></body></html>`,
};

// The journeys' accessibility check (support/agent-app.ts) runs axe its faster way (decision 077):
// it must find what axe's default way finds.
test('the journeys’ accessibility check finds what axe’s default run finds, in frames too', async ({ page }) => {
  await page.route(/\/accessibility-faults/, (route) =>
    route.fulfill({ contentType: 'text/html', body: PAGES[new URL(route.request().url()).pathname] }),
  );
  await page.goto('/accessibility-faults.html');
  await expect(page.frameLocator('iframe').getByRole('button')).toHaveCount(1);

  const found = await axeViolations(page, 'faults');
  const rules = found.map((line) => line.split(' ')[1]);
  expect(rules).toEqual(expect.arrayContaining(['color-contrast', 'image-alt', 'button-name']));
  expect(found.find((line) => line.includes('button-name'))).toContain('iframe button');

  const byDefault = await new AxeBuilder({ page }).analyze();
  expect(rules.toSorted()).toEqual(byDefault.violations.map((v) => v.id).toSorted());
  await expect(expectNoAxeViolations(page, 'faults')).rejects.toThrow(/faults: color-contrast/);
});
