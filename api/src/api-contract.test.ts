/**
 * The contract between the API and the apps (domain/src/api-contract.ts, generated from the
 * served OpenAPI document): the checked-in file is what the API serves today, and a field of an
 * API schema that an app uses, once renamed, fails that app's type-check.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const contractPath = resolve(root, 'domain/src/api-contract.ts');

/**
 * The type errors of a workspace compiled with the contract replaced by `contract`, in the files
 * of its src/ that name one of `names` (the renamed fields' old names: an error about a field is
 * reported where the field is written). The whole program is built, but only those files are
 * checked: a full check of each app took most of this file's minute.
 */
function typeErrors(workspace: 'pwa' | 'console', contract: string, names: string[]): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(root, workspace, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`${workspace}/tsconfig.json could not be read`);
  const host = ts.createCompilerHost(parsed.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => (resolve(file) === contractPath ? contract : readFile(file));
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host });
  const src = join(root, workspace, 'src') + sep;
  const checked = program
    .getSourceFiles()
    .filter((file) => resolve(file.fileName).startsWith(src) && names.some((name) => file.text.includes(name)));
  expect(checked.length, `files of ${workspace}/src naming ${names.join(', ')}`).toBeGreaterThan(0);
  return checked
    .flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)])
    .map((d) => {
      const where = d.file ? `${d.file.fileName.slice(root.length + 1)}: ` : '';
      return where + ts.flattenDiagnosticMessageText(d.messageText, '\n');
    });
}

/** The contract with one property of one component schema renamed. */
function renamed(contract: string, schema: string, field: string, to: string): string {
  const start = contract.indexOf(`\n        ${schema}: {`);
  expect(start, `component ${schema}`).toBeGreaterThan(0);
  const end = contract.indexOf('\n        };', start);
  const block = contract.slice(start, end);
  const changed = block.replace(new RegExp(`\\n(\\s+)${field}(\\??):`), `\n$1${to}$2:`);
  expect(changed, `${schema}.${field}`).not.toBe(block);
  return contract.slice(0, start) + changed + contract.slice(end);
}

describe('the API contract of the apps', () => {
  it('is what the API serves today (regenerate with npm run api:contract)', () => {
    const run = spawnSync(process.execPath, ['scripts/api-contract.mjs', '--check'], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('a renamed answer field and a renamed request field fail the agent app’s type-check', () => {
    const contract = readFileSync(contractPath, 'utf8');
    let changed = renamed(contract, 'AgentListItem', 'feeCents', 'feeAmountCents');
    changed = renamed(changed, 'RegisterAgent', 'mobilePhone', 'mobileNumber');
    const errors = typeErrors('pwa', changed, ['feeCents', 'mobilePhone']);
    expect(errors.some((e) => e.startsWith('pwa/src/features/appointments/') && e.includes("'feeCents'"))).toBe(true);
    expect(errors.some((e) => e.startsWith('pwa/src/') && e.includes("'mobilePhone'"))).toBe(true);
  }, 120_000);

  it('a renamed answer field fails the console’s type-check', () => {
    const errors = typeErrors('console', renamed(readFileSync(contractPath, 'utf8'), 'Me', 'portal', 'homePath'), ['portal']);
    expect(errors.some((e) => e.startsWith('console/src/') && e.includes("'portal'"))).toBe(true);
  }, 120_000);
});
