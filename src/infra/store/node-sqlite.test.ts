// node:sqlite's ExperimentalWarning (Node 22 prints one when the module loads) is dropped, and only
// it: any other warning emitted meanwhile, an ExperimentalWarning of another feature too, goes
// through. (Spawned runs on each Node line check the whole CLI: test/store-faults.test.ts.)
import { describe, expect, it } from 'vitest';
import { withoutSqliteWarning } from './node-sqlite.js';

describe('withoutSqliteWarning', () => {
  it('drops the SQLite ExperimentalWarning and no other', async () => {
    const seen: string[] = [];
    const listen = (warning: Error) => seen.push(`${warning.name}: ${warning.message}`);
    process.on('warning', listen);
    try {
      await withoutSqliteWarning(async () => {
        process.emitWarning('SQLite is an experimental feature and might change at any time', 'ExperimentalWarning');
        process.emitWarning('another feature is an experimental feature', 'ExperimentalWarning');
        process.emitWarning('something else', { type: 'DeprecationWarning', code: 'DEP0' });
      });
      process.emitWarning('SQLite is an experimental feature and might change at any time', 'ExperimentalWarning');
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', listen);
    }
    expect(seen).toEqual([
      'ExperimentalWarning: another feature is an experimental feature',
      'DeprecationWarning: something else',
      // Once loaded, the filter is gone: nothing of it stays on the process.
      'ExperimentalWarning: SQLite is an experimental feature and might change at any time',
    ]);
  });
});
