// Fault injection for reliability tests: `--faults "503=0.2,502=0.1,reset=0.05,latency=0.3@1500,
// malformed=0.05,truncated=0.05,off=movers"`. Faults that strike before the request is handled
// (503, 502, reset) charge nothing, as a failing gateway would; faults that strike the response
// (latency, malformed, truncated) come after the charge, so a client that retries them would pay
// twice. Draws come from a seeded generator, so a run is reproducible.

import { Random } from './random.js';

type FaultKind = '503' | '502' | 'reset' | 'latency' | 'malformed' | 'truncated';

export interface FaultPlan {
  rates: Partial<Record<FaultKind, number>>;
  latencyMs: number;
  /** Routes switched off: answered 503 and left out of /openapi.json. */
  off: Set<string>;
}

const KINDS: readonly FaultKind[] = ['503', '502', 'reset', 'latency', 'malformed', 'truncated'];
const SWITCHABLE_ROUTES = ['profile', 'posts', 'post', 'transcript', 'nichos', 'trends', 'movers'] as const;

export function noFaults(): FaultPlan {
  return { rates: {}, latencyMs: 0, off: new Set() };
}

/** Parses a fault spec; throws an Error whose message says what is wrong and what is accepted. */
export function parseFaults(spec: string): FaultPlan {
  const plan = noFaults();
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const [name, value = ''] = part.split('=', 2) as [string, string?];
    if (name === 'off') {
      if (!(SWITCHABLE_ROUTES as readonly string[]).includes(value)) {
        throw new Error(`--faults: off=${value} names no route; use one of ${SWITCHABLE_ROUTES.join(', ')}`);
      }
      plan.off.add(value);
      continue;
    }
    if (!(KINDS as readonly string[]).includes(name)) {
      throw new Error(`--faults: unknown fault "${name}"; use ${KINDS.join(', ')} or off=<route>`);
    }
    const [rateText, msText] = value.split('@', 2) as [string, string?];
    const rate = Number(rateText);
    if (rateText === '' || !Number.isFinite(rate) || rate < 0 || rate > 1) {
      throw new Error(`--faults: ${name} takes a rate from 0 to 1, like ${name}=0.1`);
    }
    plan.rates[name as FaultKind] = rate;
    if (name === 'latency') {
      const ms = Number(msText ?? '1000');
      if (!Number.isInteger(ms) || ms < 0)
        throw new Error('--faults: latency takes rate@milliseconds, like latency=0.2@1500');
      plan.latencyMs = ms;
    }
  }
  return plan;
}

export interface FaultDraw {
  before: '503' | '502' | 'reset' | null;
  after: 'malformed' | 'truncated' | null;
  latencyMs: number;
}

export class FaultInjector {
  private readonly random: Random;

  constructor(
    readonly plan: FaultPlan,
    seed: number,
  ) {
    this.random = new Random(seed ^ 0x5eed);
  }

  draw(): FaultDraw {
    const hit = (kind: FaultKind) =>
      (this.plan.rates[kind] ?? 0) > 0 && this.random.next() < (this.plan.rates[kind] ?? 0);
    const before = hit('reset') ? 'reset' : hit('503') ? '503' : hit('502') ? '502' : null;
    const after = hit('malformed') ? 'malformed' : hit('truncated') ? 'truncated' : null;
    return { before, after, latencyMs: hit('latency') ? this.plan.latencyMs : 0 };
  }
}
