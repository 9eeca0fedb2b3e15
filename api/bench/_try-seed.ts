import { openBenchDatabase, seedLarge } from './seed-large';
const b = await openBenchDatabase();
try {
  console.log(b.description);
  const t = performance.now();
  const r = await seedLarge(b.database, { onStep: (s, ms) => console.log(`  ${s}: ${(ms / 1000).toFixed(1)} s`) });
  console.log(((performance.now() - t) / 1000).toFixed(1), 's', r.counts);
} finally { await b.close(); }
