// docs/guide.md, "Going past one machine": the Kubernetes Indexed Job manifest is valid YAML of
// the kinds it says, and its container's command, and the GNU parallel line, run here as their
// pods and jobs would (one shell per index or share) against the sandbox and a PostgreSQL server
// the test starts: every input done once across the shares, one budget between them.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { sandboxEnv, tempConfigDir } from './helpers/cli.js';
import { HAS_POSTGRES, usePostgres } from './helpers/postgres.js';
import { caseVariants, useSandbox } from './helpers/sandbox.js';
import { runShell, SOCIAL_SHELL } from './helpers/spawn-cli.js';

const GUIDE = readFileSync(join(import.meta.dirname, '..', 'docs', 'guide.md'), 'utf8');
const SECTION = GUIDE.slice(GUIDE.indexOf('### Going past one machine: GNU parallel and a Kubernetes Indexed Job'));

function block(language: string): string {
  const start = SECTION.indexOf(`\`\`\`${language}\n`);
  expect(start).toBeGreaterThan(-1);
  const body = SECTION.slice(start + language.length + 4);
  return body.slice(0, body.indexOf('```'));
}

interface Container {
  command: string[];
  env: Array<{ name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }>;
}

function manifest() {
  const documents = parseAllDocuments(block('yaml'));
  for (const document of documents) expect(document.errors).toEqual([]);
  const [secret, job] = documents.map((document) => document.toJS()) as [
    { kind: string; metadata: { name: string }; stringData: Record<string, string> },
    {
      apiVersion: string;
      kind: string;
      spec: {
        completionMode: string;
        completions: number;
        parallelism: number;
        template: { spec: { containers: Container[] } };
      };
    },
  ];
  return { secret, job, container: job.spec.template.spec.containers[0] as Container };
}

const pg = usePostgres();
const sandbox = useSandbox();

describe('the guide: going past one machine', () => {
  it('gives a Kubernetes Indexed Job as valid YAML: the URL from a Secret, one budget, the shard from the index', () => {
    const { secret, job, container } = manifest();
    expect(secret.kind).toBe('Secret');
    expect(secret.stringData.url).toMatch(/^postgres:\/\//);
    expect([job.apiVersion, job.kind, job.spec.completionMode]).toEqual(['batch/v1', 'Job', 'Indexed']);
    expect(job.spec.parallelism).toBe(job.spec.completions);
    const store = container.env.find((variable) => variable.name === 'SOCIAL_STORE');
    expect(store?.valueFrom?.secretKeyRef).toEqual({ name: secret.metadata.name, key: 'url' });
    expect(container.command.slice(0, 2)).toEqual(['sh', '-c']);
    expect(container.command[2]).toContain(`--shard $((JOB_COMPLETION_INDEX + 1))/${job.spec.completions}`);
    expect(container.command[2]).toContain('--budget crawl');
  });

  it.skipIf(!HAS_POSTGRES)(
    "runs the Job's command, one shell per index, and the parallel line: each input once, one budget",
    async () => {
      const { job, container } = manifest();
      const handles = caseVariants(['octocat', 'lenafischer', 'quiet-committer'], 40);
      const root = tempConfigDir();
      const data = join(root, 'data');
      const out = join(root, 'out');
      mkdirSync(data);
      mkdirSync(out);
      writeFileSync(join(data, 'handles.txt'), `${handles.join('\n')}\n`);
      // `social` on PATH is the built CLI; the pod's /data and /out are folders of the test.
      const bin = join(root, 'bin');
      mkdirSync(bin);
      writeFileSync(join(bin, 'social'), `#!/bin/sh\nexec ${SOCIAL_SHELL} "$@"\n`, { mode: 0o755 });
      const line = (container.command[2] as string).replaceAll('/data/', `${data}/`).replaceAll('/out/', `${out}/`);
      const store = pg.current.url(await pg.current.database());
      const env = (machine: string) => ({
        ...sandboxEnv(sandbox.current.url, 'sbx_demo', tempConfigDir()),
        SOCIAL_STORE: store,
        SOCIAL_MACHINE: machine,
        PATH: `${bin}:${process.env.PATH ?? ''}`,
      });
      const pods = await Promise.all(
        Array.from({ length: job.spec.completions }, (_, index) =>
          runShell(line, { ...env(`pod-${index}`), JOB_COMPLETION_INDEX: String(index) }),
        ),
      );
      for (const pod of pods) expect(pod.status, pod.stderr).toBe(0);
      const parts = readdirSync(out).filter((name) => name.startsWith('part-'));
      expect(parts).toHaveLength(job.spec.completions);
      const inputs = parts.flatMap((name) =>
        readFileSync(join(out, name), 'utf8')
          .split('\n')
          .filter((text) => text !== '')
          .map((text) => (JSON.parse(text) as { input: string }).input),
      );
      expect(inputs.sort()).toEqual([...handles].sort());

      // The parallel line, each share as parallel would run it ({} replaced by 1..8).
      const parallel = block('sh')
        .split('\n')
        .find((text) => text.startsWith('parallel '));
      expect(parallel).toBeDefined();
      const command = (parallel as string).match(/'([^']+)'/)?.[1] as string;
      const shares = (parallel as string).split(':::')[1]?.trim().split(/\s+/) ?? [];
      const parallelOut = join(root, 'parallel');
      mkdirSync(parallelOut);
      const runs = await Promise.all(
        shares.map((share) =>
          runShell(
            `cd ${parallelOut} && ${command.replaceAll('{}', share).replace('handles.txt', join(data, 'handles.txt'))}`,
            env(`job-${share}`),
          ),
        ),
      );
      for (const run of runs) expect(run.status, run.stderr).toBe(0);
      const done = readdirSync(parallelOut).flatMap((name) =>
        readFileSync(join(parallelOut, name), 'utf8')
          .split('\n')
          .filter((text) => text !== '')
          .map((text) => (JSON.parse(text) as { input: string }).input),
      );
      expect(done.sort()).toEqual([...handles].sort());
    },
    120_000,
  );
});
