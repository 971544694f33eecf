// --jq: `social niches --jq '.niches[0]'` against `social niches --json | jq '.niches[0]'` (jq the
// program, where it is installed: apt-get install jq) and against `social niches --json` alone (what
// --jq adds). Whole processes in interleaved rounds, CPU and wall time, on an in-process sandbox.
import { bin, pairRatio, rounds, run, shellQuote } from './lib.js';
import { cliRun, withSandbox } from './one-call.js';

const FILTER = '.niches[0]';

export async function benchJq({ runs = 15 } = {}) {
  const hasJq = await run('jq', ['--version'], { stdout: 'pipe' }).then(
    (r) => r.stdout.trim(),
    () => null,
  );
  return withSandbox(async ({ url }) => {
    const node = process.execPath;
    const social = [node, bin, 'niches'];
    const first = (body) => typeof body.id === 'string';
    const results = await rounds(
      {
        json: cliRun(url, [...social, '--json'], (body) => Array.isArray(body.niches)),
        jq: cliRun(url, [...social, '--jq', FILTER], first),
        ...(hasJq
          ? {
              pipe: cliRun(url, `${[...social, '--json'].map(shellQuote).join(' ')} | jq ${shellQuote(FILTER)}`, first),
            }
          : {}),
      },
      { runs, warmup: 2 },
    );
    return {
      runs,
      filter: FILTER,
      jqVersion: hasJq,
      vsJson: pairRatio(results, 'jq', 'json'),
      vsPipe: hasJq ? pairRatio(results, 'jq', 'pipe') : null,
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchJq());
