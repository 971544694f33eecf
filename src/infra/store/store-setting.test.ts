// A run's store setting is checked once: the files a postgres:// URL names are read at its first
// check, and a setting the run's store (ctx.store) holds good is not checked again by the paths
// that ask after it (the runner, the session, --budget, social mcp's calls).
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withConfigDir } from '../../../test/helpers/cli.js';
import { storeAccess } from './access.js';
import { checkStoreSetting } from './store-setting.js';

describe('a store setting', () => {
  it("is checked once a run: its certificate's file is read at the first check, and is another run's error when gone", async () => {
    await withConfigDir(async (dir) => {
      const cert = join(dir, 'root.crt');
      writeFileSync(cert, 'a certificate');
      const setting = { storeUrl: `postgres://u:secret@host/db?sslrootcert=${cert}`, storeFrom: 'SOCIAL_STORE' };
      const run = storeAccess({});
      checkStoreSetting(run, setting);
      rmSync(cert);
      expect(() => checkStoreSetting(run, setting)).not.toThrow();
      expect(() => checkStoreSetting(storeAccess({}), setting)).toThrow(/sslrootcert/);
      // Another setting is checked anew.
      expect(() => checkStoreSetting(run, { ...setting, storeUrl: 'mysql://u@host/db' })).toThrow(/mysql/);
    });
  });
});
