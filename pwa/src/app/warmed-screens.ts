/**
 * The signed-in agent's screens whose code comes once the list is on screen (router.tsx,
 * `warmScreens`), by source file under src/. The build (vite.config.ts) writes into index.html
 * which files each needs, its chunk, the chunks it imports and its CSS, under WARMED_SCREENS_META:
 * the page asks for them as module preloads, fetched and compiled but not run, so that they open
 * in this visit with no signal while running none of their code (the forms' zod schemas among it)
 * during the agent's first seconds.
 */
export const WARMED_SCREENS = [
  'app/routes/appointment-detail.tsx',
  'app/routes/sync.tsx',
  'app/routes/profile.tsx',
  'app/routes/availability.tsx',
  'app/routes/preview.tsx',
] as const;

/** The name of index.html's meta element listing their files (URLs separated by spaces). */
export const WARMED_SCREENS_META = 'signingdesk-warmed-screens';
