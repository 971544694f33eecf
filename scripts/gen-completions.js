#!/usr/bin/env node
// Writes completions/{social.bash,_social,social.fish} from the built commander program
// (dist/internal/, bundled by scripts/build.js: `npm run completions` builds first).
// --check writes nothing and exits 1 when a committed file differs from what the program renders.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { buildProgram } = await import('../dist/internal/program.js');
const { COMPLETION_FILES, SHELLS, renderCompletion } = await import('../dist/internal/completion/render.js');

// A context that touches nothing: rendering reads only the program's definition.
const sink = { write: () => true };
const ctx = {
  io: {
    stdout: sink,
    stderr: sink,
    stdin: process.stdin,
    stdoutIsTTY: false,
    stderrIsTTY: false,
    stdinIsTTY: false,
    columns: 80,
  },
  env: {},
  now: () => new Date(0),
  signal: new AbortController().signal,
};
// Every command declared: the scripts list each one's options.
const program = await buildProgram(ctx).declaredAll();
const check = process.argv.includes('--check');
const stale = [];
for (const shell of SHELLS) {
  const path = join(root, 'completions', COMPLETION_FILES[shell]);
  const text = renderCompletion(shell, program);
  let old = null;
  try {
    old = readFileSync(path, 'utf8');
  } catch {}
  if (old === text) continue;
  if (check) {
    stale.push(path);
    continue;
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  console.error(`wrote ${join('completions', COMPLETION_FILES[shell])}`);
}
if (stale.length > 0) {
  console.error(`out of date: ${stale.join(', ')}\nrun: npm run completions`);
  process.exit(1);
}
