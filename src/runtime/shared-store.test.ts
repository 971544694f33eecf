import { afterEach, describe, expect, it } from 'vitest';
import type { PostgresStore } from '../infra/postgres/pg-store.js';
import { StateReport } from '../infra/state/state-report.js';
import { useLanguage } from '../messages/registry.js';
import { tellStoreWaits } from './shared-store.js';

/** What the run's end says of a store `name` that made `waited` statements wait, in `language`. */
async function told(language: 'en' | 'pt-BR', waited: number, unsettled: number, lost: number): Promise<string[]> {
  await useLanguage(language);
  const state = new StateReport();
  tellStoreWaits({ name: 'db.example:5432', waited } as PostgresStore, state, unsettled, lost);
  return state.lines();
}

afterEach(() => useLanguage('en'));

describe('the end of a run whose PostgreSQL store went away', () => {
  it('counts statements, settlements and records through the plural forms', async () => {
    expect(await told('en', 1, 1, 1)).toEqual([
      'the PostgreSQL store db.example:5432 went away during the run; 1 statement waited for it to come back; ' +
        '1 budget settlement could not be written: the chunk of the budget that call was sent on stays counted, and becomes an uncertain charge when it expires; ' +
        '1 spend record not written to the shared ledger (the local ledger has it)',
    ]);
    expect((await told('en', 2, 0, 3))[0]).toBe(
      'the PostgreSQL store db.example:5432 went away during the run; 2 statements waited for it to come back; ' +
        '3 spend records not written to the shared ledger (the local ledger has them)',
    );
    expect(await told('en', 0, 0, 0)).toEqual([]);
  });

  it('in Portuguese, one, other and many', async () => {
    expect((await told('pt-BR', 1, 0, 1))[0]).toBe(
      'o armazenamento PostgreSQL db.example:5432 ficou fora do ar durante a execução; 1 instrução esperou que ele voltasse; ' +
        '1 gasto não gravado no registro de gastos compartilhado (está no registro local)',
    );
    expect((await told('pt-BR', 0, 21873, 0))[0]).toMatch(/^21\.873 acertos do orçamento não puderam ser gravados: /);
    expect((await told('pt-BR', 1_000_000, 0, 0))[0]).toMatch(
      /; 1\.000\.000 de instruções esperaram que ele voltasse$/,
    );
  });
});
