// What a run loads before it does its work: `--version` and `--help` evaluate commander and each
// command's head (name, summary, arguments), not the declarations, the HTTP stack, the spend ledger's hashing or the locking library, which
// load only when a run needs them; json and ndjson output load none of the table machinery
// (docs/performance.md). A preload in a spawned run reads, at exit, Node's own list of the
// built-in modules the process loaded (process.moduleLoadList), and counts the grapheme segmenters
// made (string-width makes one when it loads, which costs more than the rest of a table).
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { COMMANDS } from '../src/commands/index.js';
import { profileHead } from '../src/commands/profile/head.js';
import topics from '../src/messages/en/topics.js';
import { buildProgram } from '../src/program.js';
import { RUN_LAYER, START_LAYER } from './helpers/built.js';
import { withConfigDir } from './helpers/cli.js';
import { testContext } from './helpers/context.js';
import { useSandbox } from './helpers/sandbox.js';
import { staticClosure } from './helpers/source-graph.js';
import { REQUIRED_FILES, tracedRun } from './helpers/spawn-cli.js';

const sandbox = useSandbox();

interface Loaded {
  /** The built-in modules, as Node names them (`http`, `crypto`, …). */
  builtins: string[];
  segmenters: number;
}

const HOOK = `let segmenters = 0;
const Segmenter = Intl.Segmenter;
Intl.Segmenter = function (...args) { segmenters += 1; return new Segmenter(...args); };
function report() { return { list: process.moduleLoadList, segmenters }; }`;

/** What a spawned run loaded. */
async function loadedBy(args: string[], options: Parameters<typeof tracedRun>[3] = {}): Promise<Loaded> {
  const run = await tracedRun<{ list: string[]; segmenters: number }>(args, sandbox.current.url, HOOK, options);
  if (run.code !== 0) throw new Error(`social ${args.join(' ')}: exit ${run.code}`);
  const builtins = run.report.list.filter((entry) => entry.startsWith('NativeModule ')).map((entry) => entry.slice(13));
  return { builtins, segmenters: run.report.segmenters };
}

// http: the HTTP stack (undici, and `api --include`'s status texts); crypto: the spend ledger's key
// fingerprint; timers/promises and assert: the state-file lock (proper-lockfile, signal-exit);
// child_process (with dgram): commander's executable subcommands, which social never declares (the
// pager loads it when it pages).
const NOT_AT_START = [
  'http',
  'crypto',
  'timers/promises',
  'assert',
  'internal/deps/undici/undici',
  'child_process',
  'dgram',
];

describe('start-up', () => {
  it("commander uses nothing of node:child_process but spawn, all the build's stand-in for it gives", () => {
    const lib = join(import.meta.dirname, '..', 'node_modules', 'commander', 'lib');
    const used = new Set<string>();
    for (const file of readdirSync(lib)) {
      const source = readFileSync(join(lib, file), 'utf8');
      for (const use of source.matchAll(/\bchildProcess\.(\w+)/g)) used.add(use[1] as string);
      // Nor is the module handed on, or read another way.
      expect(source.replaceAll(/\bchildProcess\.\w+/g, ''), file).not.toMatch(/\bchildProcess\b(?!\s*=\s*require)/);
    }
    expect([...used]).toEqual(['spawn']);
  });

  it.each([[['--version']], [['--help']], [['movers', '--help']]])(
    'social %j loads none of the HTTP stack, the ledger or the lock',
    async (args) => {
      const { builtins, segmenters } = await loadedBy(args);
      expect(builtins).toContain('vm');
      expect(builtins.filter((name) => NOT_AT_START.includes(name))).toEqual([]);
      expect(segmenters).toBe(0);
    },
  );

  it.each([[['--version']], [['--help']], [['help', 'profile']], [['niches', '--json']]])(
    'social %j never opens the local store nor loads node:sqlite',
    async (args) => {
      expect((await loadedBy(args)).builtins.filter((name) => name.includes('sqlite'))).toEqual([]);
    },
  );

  it('a paid answer, which is stored, loads node:sqlite (the check above can see it)', async () => {
    expect((await loadedBy(['profile', 'github', 'octocat', '--json'])).builtins).toContain('sqlite');
  });

  it('a run that sends a request does load them (the check above can see them)', async () => {
    const { builtins } = await loadedBy(['credits', '--json']);
    expect(builtins).toContain('http');
    expect(builtins).toContain('crypto');
  });

  it('a batch reads a regular --file without a stream; a device is streamed (the check can see it)', async () => {
    await withConfigDir(async (dir) => {
      const file = join(dir, 'handles.txt');
      writeFileSync(file, 'octocat\nlenafischer\n');
      const fromFile = await loadedBy(['profile', 'github', '--file', file, '-o', 'ndjson']);
      expect(fromFile.builtins).not.toContain('internal/fs/streams');
      const fromDevice = await loadedBy(['profile', 'github', '--file', '/dev/null', '-o', 'ndjson']);
      expect(fromDevice.builtins).toContain('internal/fs/streams');
      // stdin on a regular file (`- < handles.txt`) likewise: neither a file stream nor process.stdin.
      const stdin = openSync(file, 'r');
      try {
        const fromStdin = await loadedBy(['profile', 'github', '-', '-o', 'ndjson'], { stdin });
        expect(fromStdin.builtins).not.toContain('internal/fs/streams');
      } finally {
        closeSync(stdin);
      }
    });
  });

  it.each([
    ['a batch', ['profile', 'github', 'octocat', 'lenafischer']],
    ['one call', ['profile', 'github', 'octocat']],
  ])('%s in ndjson or json loads no table machinery; a table does', async (_, args) => {
    expect((await loadedBy([...args, '-o', 'ndjson'])).segmenters).toBe(0);
    expect((await loadedBy([...args, '-o', 'json'])).segmenters).toBe(0);
    expect((await loadedBy([...args, '-o', 'table'])).segmenters).toBeGreaterThan(0);
  });
});

// What a spawned run reads of the built CLI: each of dist/'s files it reads, with readFileSync or
// by opening it (the code cache reads the start layer and its cache so), each read counted once.
const READS = `const fs = require('node:fs');
const { readFileSync, openSync } = fs;
const reads = [];
const note = (path) => {
  if (typeof path === 'string' && /[\\\\/]dist[\\\\/][^\\\\/]+\\.cjs$/.test(path)) reads.push(path.split(/[\\\\/]/).pop());
};
let reading = false;
fs.readFileSync = function (path, ...rest) {
  if (reading) return readFileSync.call(this, path, ...rest);
  reading = true;
  try {
    const data = readFileSync.call(this, path, ...rest);
    note(path);
    return data;
  } finally {
    reading = false;
  }
};
fs.openSync = function (path, ...rest) {
  if (!reading) note(path);
  return openSync.call(this, path, ...rest);
};
function report() { return reads; }`;

// Which of process.stdout and process.stderr a spawned run built: Node builds each on first access.
const STREAMS = `const built = [];
for (const name of ['stdout', 'stderr']) {
  const descriptor = Object.getOwnPropertyDescriptor(process, name);
  Object.defineProperty(process, name, { ...descriptor, get() {
    if (!built.includes(name)) built.push(name);
    return descriptor.get.call(process);
  } });
}
function report() { return built; }`;

describe('the output streams a run builds', () => {
  const built = async (args: string[]) => (await tracedRun<string[]>(args, sandbox.current.url, STREAMS)).report;

  it('--version and help, writing nothing on stderr, never build it (a pipe loads the socket modules)', async () => {
    for (const args of [['--version'], ['--help'], ['help', 'niches']])
      expect(await built(args), args.join(' ')).toEqual(['stdout']);
  });

  it('a run that writes on stderr builds it (the check above can see it)', async () => {
    expect(await built(['profile', 'github', 'nobody-here-at-all'])).toContain('stderr');
  });
});

describe('an output on a file or on /dev/null', () => {
  // Node's stream for either is built of its stream modules; a run writes there by writeFileSync
  // (the context's WholeWrites), so one that sends nothing loads none of them.
  const STREAM_MODULES = ['stream', 'internal/fs/sync_write_stream', 'tty', 'net'];
  const dir = mkdtempSync(join(tmpdir(), 'social-out-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([[['--version']], [['--help']], [['help', 'niches']]])(
    "social %j writes it without loading Node's stream modules",
    async (args) => {
      const piped = await tracedRun(args, sandbox.current.url, REQUIRED_FILES);
      const path = join(dir, 'out');
      const fd = openSync(path, 'w');
      try {
        const toFile = await loadedBy(args, { stdout: fd });
        expect(toFile.builtins.filter((name) => STREAM_MODULES.includes(name))).toEqual([]);
      } finally {
        closeSync(fd);
      }
      expect(readFileSync(path, 'utf8')).toBe(piped.stdout);
      const toNull = await loadedBy(args, { stdout: 'ignore' });
      expect(toNull.builtins.filter((name) => STREAM_MODULES.includes(name))).toEqual([]);
    },
  );

  it('a run into a pipe does load them (the check above can see them)', async () => {
    expect((await loadedBy(['--version'])).builtins).toContain('stream');
  });
});

// How many listeners each of the signals that stop a run has, at the end of a spawned run.
const SIGNALS = `function report() {
  return ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'].map((name) => process.listenerCount(name));
}`;

describe('the signals a run listens for', () => {
  const listeners = async (args: string[]) => (await tracedRun<number[]>(args, sandbox.current.url, SIGNALS)).report;

  it('--version and help, which do no work to stop, leave the signals to their default', async () => {
    for (const args of [['--version'], ['--help'], ['help', 'niches']])
      expect(await listeners(args), args.join(' ')).toEqual([0, 0, 0, 0]);
  });

  it('a run that sends a request listens for each of them', async () => {
    for (const count of await listeners(['niches', '--json'])) expect(count).toBeGreaterThan(0);
  });
});

describe('what a run reads of the CLI', () => {
  const read = async (args: string[], stdin?: string) =>
    (await tracedRun<string[]>(args, sandbox.current.url, READS, { stdin })).report;

  it('--version and --help read the start layer only, a small part of the CLI', async () => {
    for (const args of [['--version'], ['--help'], ['help']])
      expect(
        (await read(args)).filter((name) => name !== 'code-cache.cjs'),
        args.join(' '),
      ).toEqual(['social.cjs']);
    expect(statSync(START_LAYER).size).toBeLessThan(statSync(RUN_LAYER).size / 8);
  });

  it("a command's help reads the run layer too, where its declaration is", async () => {
    expect((await read(['niches', '--help'])).filter((name) => name !== 'code-cache.cjs')).toEqual([
      'social.cjs',
      'social-run.cjs',
    ]);
  });

  it('only `social mcp` reads the MCP SDK: not its help, not another command', async () => {
    for (const args of [['mcp', '--help'], ['niches', '--json'], ['--help']])
      expect(await read(args), args.join(' ')).not.toContain('vendor-mcp.cjs');
    // The handshake is answered without it (src/commands/mcp/stdio-front.ts); a call on stdin
    // starts the server, which reads the end of stdin and stops.
    const call = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'niches', arguments: {} } },
    ];
    const stdio = await read(['mcp', '--sandbox'], call.map((m) => `${JSON.stringify(m)}\n`).join(''));
    expect(stdio).toContain('vendor-mcp.cjs');
    // Over stdio, none of the SDK's Streamable HTTP server (its session header is in none of what
    // the session read): that is a bundle of --http's.
    expect(stdio).not.toContain('vendor-mcp-http.cjs');
    for (const file of stdio)
      expect(readFileSync(join(dirname(START_LAYER), file), 'utf8'), file).not.toContain('Mcp-Session-Id');
  });

  it('only a run in Portuguese reads its messages: English is in the layers', async () => {
    for (const args of [['--version'], ['--help'], ['niches', '--json'], ['--lang', 'en', 'help']])
      expect(await read(args), args.join(' ')).not.toContain('messages-pt-BR.cjs');
    for (const args of [
      ['--lang', 'pt-BR', '--version'],
      ['niches', '--json', '--lang=pt-BR'],
    ])
      expect(await read(args), args.join(' ')).toContain('messages-pt-BR.cjs');
  });

  it("only `social help <topic>` reads the topics' pages: not --version, help, nor a command's help", async () => {
    for (const args of [['--version'], ['--help'], ['help'], ['niches', '--help'], ['help', 'niches']])
      expect(await read(args), args.join(' ')).not.toContain('messages-en-topics.cjs');
    for (const args of [
      ['help', 'environment'],
      ['help', 'exit-codes'],
    ])
      expect(await read(args), args.join(' ')).toContain('messages-en-topics.cjs');
  });

  it("the start layer carries no topic page, and package.json's version alone", () => {
    const start = readFileSync(START_LAYER, 'utf8');
    const pages = readFileSync(join(dirname(START_LAYER), 'messages-en-topics.cjs'), 'utf8');
    // Each page's first sentence (the pages' text as the bundle writes it: no quote or newline in it).
    for (const [id, page] of Object.entries(topics).filter(([id]) => !id.startsWith('topics.exit.'))) {
      const sentence = (page as string).slice(0, (page as string).indexOf('.'));
      expect(pages, id).toContain(sentence);
      expect(start.includes(sentence), id).toBe(false);
    }
    expect(start).not.toContain('devDependencies');
  });

  it('a run that sends a request reads the run layer, once', async () => {
    expect((await read(['niches', '--json'])).filter((name) => name !== 'code-cache.cjs')).toEqual([
      'social.cjs',
      'social-run.cjs',
    ]);
  });
});

// What each run evaluates, from the source: the bundle leaves a module behind import() (a
// command's run, the sandbox, jq, the chart renderers, the HTTP client) uninitialised until it is
// called, so what start-up evaluates is the static closure of main.ts.
const LOADED_WHEN_USED = [
  /^commands\/[^/]+\/(index|run)\.ts$/,
  /^commands\/completion\/(render|cached-niches)\.ts$/,
  /^sandbox\//,
  /^infra\/vendor\//,
  /^infra\/client\//,
  /^infra\/store\/(sqlite|node-sqlite|rows|schema)\.ts$/,
  /^output\/charts\/(destination|text-chart|svg)\.ts$/,
  /^output\/(write|table|csv|stream)\.ts$/,
  /^domain\/schemas\.ts$/,
  /^runtime\/(runner|session|globals)\.ts$/,
  // The catalogue: Portuguese, the topics' pages, and the English of the areas only a run says.
  /^messages\/pt-BR\//,
  /^messages\/en\/topics\.ts$/,
  /^messages\/(en\/errors|use-errors|en\/notes|use-notes)\.ts$/,
];

describe('what a run evaluates', () => {
  it("start-up (every run, --help, `social help`) evaluates each command's head, no declaration, run, sandbox, jq or chart renderer", () => {
    const start = staticClosure('main.ts');
    expect(start).toContain('commands/niches/head.ts');
    expect(start.filter((path) => LOADED_WHEN_USED.some((lazy) => lazy.test(path)))).toEqual([]);
  });

  it('social niches evaluates its own run and no other command', () => {
    const niches = staticClosure('commands/niches/run.ts');
    expect(niches).toContain('commands/shared/coverage.ts');
    expect(niches.filter((path) => /^commands\/(?!niches\/|shared\/)/.test(path))).toEqual([]);
  });
});

describe('the commands a run declares', () => {
  it('--version adds no command to the program; reading its commands adds every head', async () => {
    const summary = vi.spyOn(profileHead, 'summary', 'get');
    try {
      const program = buildProgram(testContext().ctx).exitOverride();
      await expect(program.parseAsync(['--version'], { from: 'user' })).rejects.toThrow('0.1.0');
      expect(summary).not.toHaveBeenCalled();
      expect(program.commands.map((command) => command.name())).toEqual([...COMMANDS.map((head) => head.name), 'help']);
      expect(summary).toHaveBeenCalled();
    } finally {
      summary.mockRestore();
    }
  });
});
