// Sandbox speed: time from a fresh process to a listening server with its archive built, and the
// latency of 90-day trends queries over HTTP (keep-alive), as p50/p99. Uses the built dist/.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { distPath, track } from './lib.js';

/** Milliseconds from process start to "listening", measured inside the child. */
function startupOnce() {
  const script = `
    const t0 = performance.now();
    const { startSandbox } = await import(${JSON.stringify(distPath('sandbox/server'))});
    const sandbox = await startSandbox({ port: 0, now: () => new Date('2026-11-21T12:00:00Z') });
    const ready = performance.now();
    console.log(JSON.stringify({ sinceProcessStart: ready, sinceImport: ready - t0 }));
    await sandbox.close();`;
  return new Promise((resolve, reject) => {
    const child = track(spawn(process.execPath, ['--input-type=module', '-e', script]));
    // Bounded: a child that hangs is killed (and the run fails) after 15 s.
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(JSON.parse(out));
      else reject(new Error(`sandbox startup child: exit ${code ?? signal}`));
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

export async function benchSandbox({ runs = 7, queries = 500 } = {}) {
  const startups = [];
  for (let i = 0; i < runs; i += 1) startups.push(await startupOnce());
  const { startSandbox } = await import(distPath('sandbox/server'));
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, now: () => new Date('2026-11-21T12:00:00Z') });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(`${sandbox.url}/api/v1/trends/tech?from=2026-08-23T12:00:00Z&to=2026-11-21T12:00:00Z`);
  const once = () =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const req = request(url, { agent, headers: { authorization: 'Bearer sbx_demo' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - started));
      });
      req.setTimeout(10_000, () => req.destroy(new Error('90-day trends: no answer in 10 s')));
      req.on('error', reject);
      req.end();
    });
  const latencies = [];
  try {
    for (let i = 0; i < 20; i += 1) await once(); // warm-up
    for (let i = 0; i < queries; i += 1) latencies.push(await once());
  } finally {
    agent.destroy();
    await sandbox.close();
  }
  return {
    startupMs: median(startups.map((s) => s.sinceProcessStart)),
    startupAfterImportMs: median(startups.map((s) => s.sinceImport)),
    trends90dP50Ms: percentile(latencies, 50),
    trends90dP99Ms: percentile(latencies, 99),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchSandbox();
  console.log(
    `sandbox up (process start to listening, archive built): ${r.startupMs.toFixed(1)} ms median (target <= 300 ms)`,
  );
  console.log(`  of which import + build + listen: ${r.startupAfterImportMs.toFixed(1)} ms`);
  console.log(
    `90-day trends over HTTP: p50 ${r.trends90dP50Ms.toFixed(2)} ms, p99 ${r.trends90dP99Ms.toFixed(2)} ms (target p99 <= 20 ms)`,
  );
}
