// Remakes the charts docs/guide.md shows, from the sandbox at its fixed clock (so they change only
// when the sandbox or the charts do): docs/trends-tech.svg, docs/movers-tech.svg, and
// docs/trends-tech.txt (the terminal chart at 80x24 without colour, pasted into docs/guide.md).
// Run after `npm run build`: node scripts/make-docs-charts.js
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../dist/internal/sandbox/server.js';

const root = join(import.meta.dirname, '..');
const NOW = '2026-11-21T12:00:00Z';
const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, now: () => new Date(NOW) });
const config = mkdtempSync(join(tmpdir(), 'social-docs-'));
const env = {
  PATH: process.env.PATH ?? '',
  SOCIAL_CONFIG_DIR: config,
  SOCIAL_BASE_URL: sandbox.url,
  SOCIAL_API_KEY: 'sbx_demo',
  NO_COLOR: '1',
  COLUMNS: '80',
  LINES: '24',
};
// Asynchronous: the sandbox answers on this process's event loop.
const social = (args) =>
  new Promise((resolve, reject) => {
    execFile(process.execPath, [join(root, 'bin', 'social.js'), ...args], { env, cwd: root }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
  });
try {
  mkdirSync(join(root, 'docs'), { recursive: true });
  const interval = ['--from', '2026-11-18T12:00:00Z', '--to', NOW];
  const text = await social(['trends', 'tech', ...interval, '--chart', '--chart-file', 'docs/trends-tech.svg']);
  writeFileSync(join(root, 'docs', 'trends-tech.txt'), text);
  await social(['movers', 'tech', '--hours', '6', '--chart-file', 'docs/movers-tech.svg']);
  process.stdout.write(text);
} finally {
  await sandbox.close();
  rmSync(config, { recursive: true, force: true });
}
