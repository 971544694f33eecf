// A store setting read on its text: which are URLs no store can be opened from, and why.
import { describe, expect, it } from 'vitest';
import { maskedUrl, storeUrlProblem } from './store-url.js';

describe('storeUrlProblem', () => {
  it('passes files, off, and postgres:// URLs that name a server', () => {
    for (const value of [
      '/tmp/store.db',
      'store.db',
      'off',
      'C:\\Users\\me\\store.db',
      'postgres://me@db.internal:5432/social',
      'postgresql://me:pw@db/social',
      'POSTGRES://db/social',
      'postgres://[::1]:5432/social',
      'postgres://db:/social',
      'postgres://me:p%20w@db/social',
      'postgres:///social?host=/var/run/postgresql',
    ])
      expect(storeUrlProblem(value), value).toBeUndefined();
  });

  it('says what is wrong with the others', () => {
    const cases: Array<[string, ReturnType<typeof storeUrlProblem>]> = [
      ['postgres://u:secret@host:99999/db', { problem: 'port' }],
      ['postgres://u:secret@host:0/db', { problem: 'port' }],
      ['postgres://u:secret@host:abc/db', { problem: 'port' }],
      ['postgres://u:secret@[::1]:70000/db', { problem: 'port' }],
      ['postgres://u:secret@/db', { problem: 'host' }],
      ['postgres:///db', { problem: 'host' }],
      ['postgres:', { problem: 'host' }],
      ['postgres:db', { problem: 'host' }],
      ['postgres://u:sec ret@host/db', { problem: 'space' }],
      ['postgres://u:secret@ho st:5432/db', { problem: 'space' }],
      ['postgresql://u:secret@[::1/db', { problem: 'parse' }],
      ['mysql://u:secret@host/db', { problem: 'scheme', scheme: 'mysql' }],
      ['https://db.internal/social', { problem: 'scheme', scheme: 'https' }],
    ];
    for (const [value, problem] of cases) expect(storeUrlProblem(value), value).toEqual(problem);
  });
});

describe('maskedUrl', () => {
  it('masks the password of a URL that does not parse, one with a / or an @ in it too', () => {
    expect(maskedUrl('postgres://u:secret@host:99999/db')).toBe('postgres://u:***@host:99999/db');
    expect(maskedUrl('postgres://u:se/cr@et@host:99999/db')).toBe('postgres://u:***@host:99999/db');
    expect(maskedUrl('postgres://host:99999/db?password=secret&x=1')).toBe('postgres://host:99999/db?password=***&x=1');
    expect(maskedUrl('mysql://u:secret@host/db')).toBe('mysql://u:***@host/db');
  });
});
