// Where the sandbox once read the spec its own way: the trends interval when only `to` is given, a
// ceiling refused before it is reached, and what /openapi.json says the service must send.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseTrendsOptions, trendsRequest } from '../src/commands/trends/index.js';
import type { TestSandbox } from './helpers/sandbox.js';
import { FIXED_NOW, testSandbox } from './helpers/sandbox.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const ago = (ms: number) => new Date(FIXED_NOW.getTime() - ms).toISOString();

let sandbox: TestSandbox;
beforeEach(async () => {
  sandbox = await testSandbox();
});
afterEach(async () => {
  await sandbox.close();
});

const balance = async () => (await sandbox.get('/api/v1/movers/nosuchniche')).body.credits_balance as number;

describe('trends with only `to`', () => {
  it('takes from = now minus 7 days, as the spec says, not `to` minus 7 days', async () => {
    const { status, body } = await sandbox.get(`/api/v1/trends/tech?to=${ago(DAY_MS)}`);
    expect(status).toBe(200);
    expect(body.from).toBe(ago(7 * DAY_MS));
    expect(body.to).toBe(ago(DAY_MS));
  });

  it('a `to` older than 7 days then names no interval: 400, nothing charged', async () => {
    const before = await balance();
    const { status, body } = await sandbox.get(`/api/v1/trends/tech?to=${ago(8 * DAY_MS)}`);
    expect(status).toBe(400);
    expect(body.error).toBe('intervalo_invalido');
    expect(await balance()).toBe(before);
  });

  it('the CLI never meets that: with only --to it sends from = --to minus 7 days', () => {
    const request = trendsRequest(parseTrendsOptions('tech', { to: '10d' }, FIXED_NOW));
    expect(request.query).toMatchObject({ from: ago(17 * DAY_MS), to: ago(10 * DAY_MS) });
  });
});

describe('a spending ceiling', () => {
  it('reached: "is reached"', async () => {
    const { status, body } = await sandbox.get('/api/v1/github/profile?handle=octocat', 'sbx_capped');
    expect(status).toBe(402);
    expect(body.error.type).toBe('teto_estourado');
    expect(body.error.message).toMatch(/is reached/);
  });

  it('not reached, but the call would pass it (movers, 10 credits): "would pass"', async () => {
    const account = sandbox.core.ledger.activeAccount('sbx_capped');
    if (account === undefined) throw new Error('no sbx_capped key');
    account.spentThisMonth = (account.cap ?? 0) - 5;
    const movers = await sandbox.get('/api/v1/movers/tech', 'sbx_capped');
    expect(movers.status).toBe(402);
    expect(movers.body).toMatchObject({ error: 'teto_estourado', spent_this_month: 45, cap: 50 });
    expect(movers.body.message).toMatch(/would pass/);
    account.spentThisMonth = account.cap ?? 0;
    const profile = await sandbox.get('/api/v1/github/profile?handle=octocat', 'sbx_capped');
    expect(profile.body.error.message).not.toMatch(/would pass/);
    // One credit under the ceiling, a 1-credit call still passes.
    account.spentThisMonth = (account.cap ?? 0) - 1;
    expect((await sandbox.get('/api/v1/github/profile?handle=octocat', 'sbx_capped')).status).toBe(200);
  });
});

describe('/openapi.json states the spec', () => {
  it('credits_remaining is required on ProfileEnvelope (not on PostsEnvelope); movers charges 0 or 10', async () => {
    const { body } = await sandbox.get('/openapi.json', null);
    const schemas = body.components.schemas;
    expect(schemas.ProfileEnvelope.required).toContain('credits_remaining');
    expect(schemas.PostsEnvelope.required ?? []).not.toContain('credits_remaining');
    expect(schemas.MoversBody.properties.credits_charged.enum).toEqual([0, 10]);
  });

  it('lists 502 on the archive routes', async () => {
    const { body } = await sandbox.get('/openapi.json', null);
    for (const path of ['/api/v1/nichos', '/api/v1/trends/{niche}', '/api/v1/movers/{niche}'])
      expect(Object.keys(body.paths[path].get.responses), path).toContain('502');
  });
});
