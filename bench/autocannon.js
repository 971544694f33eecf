// Sandbox requests per second with autocannon, against a sandbox in a process of its own (the
// load generator runs here), loopback only, a few seconds a route. Reported, no target.
import autocannon from 'autocannon';

export const ROUTES = [
  { name: 'nichos', path: '/api/v1/nichos' },
  { name: 'github profile octocat (cached)', path: '/api/v1/github/profile?handle=octocat' },
];

export async function benchAutocannon({ sandboxUrl, seconds = 4, connections = 32 } = {}) {
  if (new URL(sandboxUrl).hostname !== '127.0.0.1') throw new Error(`refusing a non-loopback target: ${sandboxUrl}`);
  const results = [];
  for (const route of ROUTES) {
    const r = await autocannon({
      url: `${sandboxUrl}${route.path}`,
      connections,
      duration: seconds,
      headers: { authorization: 'Bearer sbx_demo', accept: 'application/json' },
    });
    if (r.errors > 0 || r.non2xx > 0 || r.timeouts > 0) {
      throw new Error(`${route.path}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx`);
    }
    results.push({ ...route, reqPerSec: r.requests.average, p99Ms: r.latency.p99, total: r.requests.total });
  }
  return { seconds, connections, routes: results };
}
