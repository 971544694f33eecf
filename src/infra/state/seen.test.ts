// The --new-only state of movers: per service and niche, merged, forgotten after 30 days.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEEN_KEEP_MS, SeenState } from './seen.js';

const NOW = new Date('2026-11-21T12:00:00Z');

function open(dir: string, service: string, niche: string, now: Date): Promise<SeenState> {
  return SeenState.open(dir, { service, niche, reset: false, now, waitMs: 0, movedAside: () => {} });
}

describe('the --new-only state', () => {
  it('the --new-only state is per service and niche, merged, and forgets after 30 days', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'social-seen-'));
    try {
      const record = async (service: string, niche: string, ids: string[], now = NOW) => {
        const state = await open(dir, service, niche, now);
        try {
          state.save(ids, now);
        } finally {
          await state.release();
        }
      };
      const seen = async (service: string, niche: string) => {
        const state = await open(dir, service, niche, NOW);
        await state.release();
        return [...state.seen()].sort();
      };
      await record('https://a', 'tech', ['1', '2']);
      await record('https://a', 'tech', ['3']);
      await record('https://b', 'tech', ['9']);
      expect(await seen('https://a', 'tech')).toEqual(['1', '2', '3']);
      expect(await seen('https://a', 'science')).toEqual([]);
      expect(await seen('https://b', 'tech')).toEqual(['9']);
      await record('https://a', 'tech', ['4'], new Date(NOW.getTime() + SEEN_KEEP_MS + 1));
      expect(await seen('https://a', 'tech')).toEqual(['4']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
