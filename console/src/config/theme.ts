import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * Console theme: indigo at shade 8 so that white text on filled buttons and link text on
 * white both pass WCAG AA (5.7:1); system fonts, so nothing is fetched from a font host.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 4 },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontWeight: '700',
    sizes: {
      h1: { fontSize: '2rem', lineHeight: '1.25' },
      h2: { fontSize: '1.5rem', lineHeight: '1.3' },
      h3: { fontSize: '1.15rem', lineHeight: '1.4' },
    },
  },
  defaultRadius: 'md',
});

/**
 * Mantine's default dimmed text (gray.6) is 3.3:1 on white; gray.7 is 8:1. Its error red
 * (red.6, for field errors) is 3.6:1; red.8 is 5.6:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-8)' },
  dark: {},
});
