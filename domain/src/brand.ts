/**
 * SigningDesk's one look: the brand tokens both front ends use. The console's Mantine theme is
 * built from them (console/src/config/theme.ts); the agent app's CSS custom properties carry the
 * same values (pwa/src/app/app.css), pinned to these by pwa/src/app/brand.test.ts. The logo is
 * one SVG (pwa/public/icons/icon.svg, served to the console as /logo.svg — the same bytes, also
 * pinned by that test). Colours chosen for WCAG AA on their backgrounds.
 */

export const BRAND_NAME = 'SigningDesk';

/** The named colours of both apps (the agent app's --color-* properties). */
export const BRAND_COLORS = {
  brand: '#0e5566',
  brandDark: '#0b3f4c',
  brandTint: '#e3f0f2',
  accent: '#f5b841',
  text: '#17232a',
  textMuted: '#4a5a63',
  error: '#a4161a',
  focus: '#1b6fd1',
} as const;

/**
 * The brand colour as a ten-shade scale for Mantine (light to dark): shade 7 is the brand
 * colour, 8 its dark, 0 its tint. White on shade 6 and darker passes AA; so does shade 7 as
 * text on white.
 */
export const BRAND_SCALE = [
  '#e3f0f2',
  '#c6e1e6',
  '#9fcbd4',
  '#72b1be',
  '#4a97a7',
  '#2a7f91',
  '#186a7d',
  '#0e5566',
  '#0b3f4c',
  '#072a33',
] as const;

/** The accent (the logo's wave) as a scale, shade 5 the accent itself. */
export const ACCENT_SCALE = [
  '#fff8e6',
  '#ffefc4',
  '#fde39b',
  '#fad470',
  '#f7c654',
  '#f5b841',
  '#d99c24',
  '#b07b14',
  '#875c0b',
  '#5e3f05',
] as const;

/** System fonts only: nothing is fetched from a font host. */
export const BRAND_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** Corner radii in px: cards and sheets, and controls. */
export const BRAND_RADIUS = { card: 12, control: 8 } as const;
