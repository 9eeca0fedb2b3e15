import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { createFilesContext } from './files.context';

describe('the files context', () => {
  // tus's FileStore started a folder check its constructor did not wait for: a test app closed
  // at once removed the folder under it, and the check's error ended the process (the API
  // contract's document script, under load).
  it('leaves nothing running after it is made: its folder can be removed at once', async () => {
    const dirs: string[] = [];
    for (let i = 0; i < 100; i++) {
      const dir = mkdtempSync(join(tmpdir(), 'sd-files-context-'));
      dirs.push(dir);
      createFilesContext(parseEnv({ NODE_ENV: 'test', PUBLIC_ORIGIN: 'http://localhost:3000', FILES_DIR: dir }), {} as never);
      rmSync(dir, { recursive: true, force: true });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Nothing made a removed folder again behind the remove.
    expect(dirs.filter((dir) => existsSync(dir))).toEqual([]);
  });
});
