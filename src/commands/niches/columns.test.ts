// niches' columns: what the windows of a niche read as.
import { describe, expect, it } from 'vitest';
import { windowsLabel } from './columns.js';

describe('niches columns', () => {
  it('windowsLabel marks gaps, not for a never-recorded niche', () => {
    expect(windowsLabel({ id: 'a', label: 'A', windows_24h: 24, last_window: '2026-11-21T12:00:00Z' })).toBe('24/24');
    expect(windowsLabel({ id: 'a', label: 'A', windows_24h: 17, last_window: '2026-11-21T12:00:00Z' })).toBe(
      '17/24 gaps',
    );
    expect(windowsLabel({ id: 'a', label: 'A', windows_24h: 0, last_window: null })).toBe('0/24');
  });
});
