// Placeholder until the benchmark issue lands: `npm run bench` will measure the agent PWA's
// first-load weight and the API's list queries over 100,000 appointments (DESIGN.md budgets).
console.log('npm run bench: no benchmarks yet — they arrive with the benchmark issue. Nothing was measured.');
