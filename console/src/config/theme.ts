import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { ACCENT_SCALE, BRAND_FONT, BRAND_RADIUS, BRAND_SCALE } from '@signingdesk/domain/brand';

/**
 * Console theme, built from the brand tokens the agent app wears too (domain/brand.ts): the
 * brand teal as the primary colour — shade 7 in light mode (white on it 8.4:1, as text on
 * white the same), shade 6 in dark mode (white on it 6.2:1) — system fonts, the brand radii.
 */
export const theme = createTheme({
  colors: {
    brand: [...BRAND_SCALE] as unknown as MantineColorsTuple,
    accent: [...ACCENT_SCALE] as unknown as MantineColorsTuple,
  },
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 6 },
  fontFamily: BRAND_FONT,
  headings: {
    fontWeight: '700',
    sizes: {
      h1: { fontSize: '2rem', lineHeight: '1.25' },
      h2: { fontSize: '1.5rem', lineHeight: '1.3' },
      h3: { fontSize: '1.15rem', lineHeight: '1.4' },
    },
  },
  radius: { md: `${BRAND_RADIUS.control / 16}rem`, lg: `${BRAND_RADIUS.card / 16}rem` },
  defaultRadius: 'md',
  components: {
    // Links are told from the text around them by more than colour (WCAG 1.4.1, axe link-in-text-block).
    Anchor: { defaultProps: { underline: 'always' } },
    // A dialog's header is a <div>: Mantine's <header> there sits outside any sectioning element
    // (the dialog is portalled to <body>), so it is a second banner landmark beside the site's.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
  },
});

/**
 * Contrast fixes to Mantine's defaults. Light: dimmed text gray.7 (8:1; gray.6 is 3.3:1), field
 * errors red.8 (5.6:1; red.6 is 3.6:1). Dark: links and the brand's light variant in shade 3
 * (6.4:1 on the dark body; the primary shade would be 2.5:1), dimmed text dark.1, errors red.4.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-8)' },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-anchor': 'var(--mantine-color-brand-3)',
    '--mantine-color-brand-light-color': 'var(--mantine-color-brand-2)',
    '--mantine-color-brand-text': 'var(--mantine-color-brand-3)',
  },
});
