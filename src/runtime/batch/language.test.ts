// A batch in Portuguese: what people read (the summary, each failed input's line, the error) in
// Portuguese, what scripts read (every record, its error.message included) the same bytes as in
// English.
import { describe, expect, it } from 'vitest';
import { runCli, sandboxEnv } from '../../../test/helpers/cli.js';
import { useSandbox } from '../../../test/helpers/sandbox.js';

const sandbox = useSandbox();

/** A run's stdout without what differs between two runs of it: request ids, and whether the sandbox's cache answered. */
const comparable = (stdout: string) =>
  stdout
    .replaceAll(/req_\w+/g, 'req')
    .replaceAll(/"(cached|credits_used)": ?\w+/g, '"$1":_')
    .replaceAll(/,(true|false),$/gm, ',_,');

describe('a batch in each language', () => {
  const run = (lang: string, format: string) =>
    runCli(['profile', 'github', 'octocat', 'nobody-here-at-all', '-o', format], {
      env: { ...sandboxEnv(sandbox.current.url), LANG: lang },
    });

  it.each(['ndjson', 'json', 'csv'])(
    '%s: the same stdout under pt_BR.UTF-8 and C, stderr in each language',
    async (format) => {
      const portuguese = await run('pt_BR.UTF-8', format);
      const english = await run('C', format);
      expect(portuguese.status).toBe(12);
      expect(english.status).toBe(12);
      expect(comparable(portuguese.stdout)).toBe(comparable(english.stdout));
      expect(english.stdout).toContain('no such profile, account or post (HTTP 404)');
      expect(english.stderr).toMatch(
        /2 inputs: 1 ok, 1 failed · [01] credits? used \([01] cached\) · [\d,]+ remaining/,
      );
      expect(portuguese.stderr).toMatch(
        /2 entradas: 1 ok, 1 com falha · (1 crédito usado|nenhum crédito usado) \([01] em cache\) · saldo [\d.]+/,
      );
      expect(portuguese.stderr).toContain('perfil, conta ou post inexistente (HTTP 404)');
    },
    60_000,
  );
});
