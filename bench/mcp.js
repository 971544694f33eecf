// social mcp: how soon a server answers `initialize` (whole processes against `social --help`,
// CPU), what a tool call costs against the same CLI call in-process (CPU of 200 calls each, after
// one warm-up), and the server's RSS over 10,000 tool calls in one session, with Node's default
// heap and with the NODE_OPTIONS the entry of `social mcp install` gives it. The service is a
// sandbox in a process of its own, so neither side's CPU holds it.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  bin,
  cleanEnv,
  fixtures,
  measured,
  median,
  pairRatio,
  removeDir,
  root,
  rounds,
  run,
  spawnSandbox,
  tempDir,
} from './lib.js';

const KEY = 'sbx_demo';
const PROFILE = { name: 'profile', arguments: { platform: 'github', handles: ['octocat'] } };
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
};

/** The CPU time (ms) the kernel has accounted to `pid` so far, from /proc. */
function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The resident set (MB) of `pid` now, from /proc. */
function rssMbOf(pid) {
  const kib = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
  return kib / 1024;
}

/** A spawned `social mcp` and raw JSON-RPC over its stdin and stdout. */
function server(env) {
  const child = spawn(process.execPath, [bin, 'mcp'], { cwd: root, env, stdio: ['pipe', 'pipe', 'ignore'] });
  const waiting = new Map();
  let buffer = '';
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const message = JSON.parse(buffer.slice(0, newline));
      buffer = buffer.slice(newline + 1);
      waiting.get(message.id)?.(message);
      waiting.delete(message.id);
      newline = buffer.indexOf('\n');
    }
  });
  let id = 0;
  const request = (method, params) => {
    id += 1;
    const promise = new Promise((resolve) => waiting.set(id, resolve));
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    return promise;
  };
  return {
    pid: child.pid,
    request,
    async call(params) {
      const answer = await request('tools/call', params);
      if (answer.error || answer.result.isError)
        throw new Error(`tool call failed: ${JSON.stringify(answer).slice(0, 300)}`);
      return answer;
    },
    async start() {
      await request('initialize', INITIALIZE.params);
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    },
    stop: () =>
      new Promise((resolve) => {
        child.on('exit', resolve);
        child.stdin.end();
      }),
  };
}

export async function benchMcp({ runs = 15, calls = 200, memoryCalls = 10_000 } = {}) {
  const dir = tempDir();
  const sandbox = await spawnSandbox({ configDir: dir });
  try {
    const env = cleanEnv({ SOCIAL_BASE_URL: sandbox.url, SOCIAL_API_KEY: KEY, SOCIAL_CONFIG_DIR: dir });
    // Ready to answer initialize: the request on stdin, stdin held open a second so the answer is
    // given before the end of input (the server's CPU then idles).
    const init = join(dir, 'initialize.jsonl');
    writeFileSync(init, `${JSON.stringify(INITIALIZE)}\n`);
    const node = process.execPath;
    const startup = await rounds(
      {
        help: () => measured([node, bin, '--help'], { env }),
        mcp: async (warm) => {
          const line = `{ cat ${init}; sleep 1; } | ${node} ${bin} mcp`;
          const result = await measured(line, { env, stdout: warm ? 'pipe' : 'ignore' });
          if (warm && JSON.parse(result.stdout.split('\n')[0]).result?.serverInfo?.name !== 'social')
            throw new Error('social mcp did not answer initialize');
          return result;
        },
      },
      { runs, warmup: 2 },
    );
    // The sleep's own CPU is in the mcp runs' figure (a few ms at most): against the server's, it
    // only makes the ratio worse.
    const ready = pairRatio(startup, 'mcp', 'help');

    // A tool call against the same CLI call in-process: CPU of `calls` calls after one warm-up.
    const argv = ['profile', 'github', 'octocat', '--json'];
    const cliCpu = [];
    const mcpCpu = [];
    for (let round = 0; round < Math.max(3, Math.round(runs / 5)); round += 1) {
      const cli = await run(node, [join(fixtures, 'cli-calls.cjs'), String(calls), ...argv], {
        env,
        report: true,
        timeoutMs: 300_000,
      });
      cliCpu.push(Number(cli.report.trim()));
      const mcp = server(env);
      await mcp.start();
      await mcp.call(PROFILE);
      const before = cpuMsOf(mcp.pid);
      for (let i = 0; i < calls; i += 1) await mcp.call(PROFILE);
      mcpCpu.push(cpuMsOf(mcp.pid) - before);
      await mcp.stop();
    }
    const call = { cli: median(cliCpu), mcp: median(mcpCpu) };

    // RSS over memoryCalls tool calls in one session, 8 at a time, after a warm-up of 500.
    const session = async (sessionEnv) => {
      const long = server(sessionEnv);
      await long.start();
      const batch = async (n) => {
        for (let i = 0; i < n; i += 8)
          await Promise.all(Array.from({ length: Math.min(8, n - i) }, () => long.call(PROFILE)));
      };
      await batch(500);
      const start = rssMbOf(long.pid);
      let peak = start;
      for (let done = 0; done < memoryCalls; done += 1000) {
        await batch(1000);
        peak = Math.max(peak, rssMbOf(long.pid));
      }
      const end = rssMbOf(long.pid);
      await long.stop();
      return { start, end, peak };
    };
    // The options as the install writes them: its printed entry's env.
    const printed = await run(node, [bin, 'mcp', 'install', 'cursor', '--print'], { env, stdout: 'pipe' });
    const nodeOptions = JSON.parse(printed.stdout).mcpServers.social.env.NODE_OPTIONS;
    const rss = await session(env);
    const installed = { ...(await session({ ...env, NODE_OPTIONS: nodeOptions })), nodeOptions };
    return { runs, calls, memoryCalls, ready, call, rss, installed };
  } finally {
    sandbox.stop();
    removeDir(dir);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchMcp(), null, 2));
