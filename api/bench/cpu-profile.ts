/**
 * Where a server process spent its CPU: a V8 profile (`node --cpu-prof`) read back and each
 * sample's self time given to the part of the program whose code it was in — drizzle-orm (the
 * ORM: building SQL, mapping rows), postgres.js (the driver: the wire protocol, parsing), Hono,
 * better-auth, zod, the product's own code, Node's internals, the garbage collector. Shares are
 * of the busy time (idle excluded). `npm run load` prints them for its one-process run when
 * LOAD_CPU_PROFILE=1 (issue 35: the ORM's share against the driver's).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const PARTS: [string, (url: string) => boolean][] = [
  ['drizzle-orm (ORM)', (url) => url.includes('/node_modules/drizzle-orm/')],
  ['postgres.js (driver)', (url) => url.includes('/node_modules/postgres/')],
  ['hono', (url) => url.includes('/node_modules/hono/') || url.includes('/node_modules/@hono/')],
  ['better-auth', (url) => url.includes('/node_modules/better-auth/') || url.includes('/node_modules/@better-auth/')],
  ['zod', (url) => url.includes('/node_modules/zod/') || url.includes('/node_modules/@asteasolutions/')],
  ['pg-boss', (url) => url.includes('/node_modules/pg-boss/')],
  ['other packages', (url) => url.includes('/node_modules/')],
  ['product code (api, domain, db)', (url) => /\/(api|domain|db)\/src\//.test(url)],
  ['Node.js (node: modules, built-ins)', (url) => url.startsWith('node:') || url === ''],
];

export interface CpuShares {
  busyMs: number;
  /** Part → share of the busy time (0–1), largest first. */
  shares: [string, number][];
}

/** The profiles of one run (a process and its cluster workers) taken together. */
export function cpuShares(files: string[]): CpuShares {
  const micros = new Map<string, number>();
  for (const file of files) addProfile(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, micros);
  micros.delete('idle');
  const busy = [...micros.values()].reduce((sum, n) => sum + n, 0);
  return {
    busyMs: busy / 1000,
    shares: [...micros.entries()].map(([part, n]): [string, number] => [part, busy ? n / busy : 0]).sort((x, y) => y[1] - x[1]),
  };
}

/**
 * Adds each sample's time (µs) to the part its code belongs to. A built-in without a script of
 * its own (JSON.parse, a RegExp, Array.join…) counts for the nearest caller that has one, so the
 * driver's parsing is the driver's and the ORM's string building the ORM's.
 */
function addProfile(profile: CpuProfile, micros: Map<string, number>) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const partOf = new Map<number, string>();
  const part = (id: number): string => {
    const known = partOf.get(id);
    if (known) return known;
    const { url, functionName } = byId.get(id)!.callFrame;
    let found: string;
    if (functionName === '(idle)') found = 'idle';
    else if (functionName === '(garbage collector)') found = 'garbage collector';
    else if (functionName === '(program)') found = 'V8 and native (program)';
    else if (url === '' && parentOf.has(id) && byId.get(parentOf.get(id)!)!.callFrame.functionName !== '(root)')
      found = part(parentOf.get(id)!);
    else found = PARTS.find(([, test]) => test(url))?.[0] ?? 'other';
    partOf.set(id, found);
    return found;
  };
  profile.samples.forEach((id, i) => {
    const name = part(id);
    micros.set(name, (micros.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
}
