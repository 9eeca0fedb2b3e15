import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BRAND_COLORS, BRAND_FONT, BRAND_RADIUS } from '@signingdesk/domain/brand';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');

/** The agent app's custom properties are the brand tokens the console's theme is built from. */
describe('one brand for both apps', () => {
  const css = read('./app.css');
  const root = css.slice(css.indexOf(':root {'), css.indexOf('}', css.indexOf(':root {')));
  const property = (name: string) => root.match(new RegExp(`--${name}:\\s*([^;]+);`))?.[1]?.trim();

  it('wears the brand colours, font and card radius', () => {
    const names: Record<keyof typeof BRAND_COLORS, string> = {
      brand: 'color-brand',
      brandDark: 'color-brand-dark',
      brandTint: 'color-brand-tint',
      accent: 'color-accent',
      text: 'color-text',
      textMuted: 'color-text-muted',
      error: 'color-error',
      focus: 'color-focus',
    };
    for (const [token, name] of Object.entries(names)) expect(property(name), name).toBe(BRAND_COLORS[token as keyof typeof BRAND_COLORS]);
    expect(property('font')).toBe(BRAND_FONT);
    expect(property('radius')).toBe(`${BRAND_RADIUS.card}px`);
  });

  it('shows the same logo as the console', () => {
    expect(read('../../../console/public/logo.svg')).toBe(read('../../public/icons/icon.svg'));
  });
});
