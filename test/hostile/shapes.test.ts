// A paid answer always reaches the user, whatever shape its list items and display fields have:
// answers written from the spec's examples, then drifted (a null item, a number, a string, a list,
// an object where a number is expected), replayed by a loopback server. Every format prints them,
// with the drift note and the exit status of the call; never NaN, undefined or [object Object].
import { describe, expect, it } from 'vitest';
import { FIXTURES, type Route } from '../conformance/fixtures.js';
import { useReplayServer } from '../conformance/server.js';
import { runCli } from '../helpers/cli.js';

const replay = useReplayServer();

/** A fixture's routes, with its last route's body changed by `drift`. */
function drifted(name: string, drift: (body: any) => unknown): { command: string[]; serve: Route[] } {
  const fixture = FIXTURES.find(([n]) => n === name)?.[1];
  if (fixture === undefined) throw new Error(`no fixture ${name}`);
  const serve = fixture.serve.map((route) => ({ ...route }));
  const last = serve[serve.length - 1] as Route;
  last.body = drift(structuredClone(last.body));
  return { command: fixture.command, serve };
}

const ODD = [null, 42, 'a string', [1, 'two'], {}];

const CASES: Array<[string, { command: string[]; serve: Route[] }]> = [
  [
    'posts: odd items, metrics an object of objects, text an object',
    drifted('posts-all-fields', (b) => {
      const post = b.data.items[0];
      b.data.items = [
        ...ODD,
        { ...post, text: { html: '<p>x</p>' }, metrics: { likes: {}, replies: [1], reposts: 'many' } },
        { ...post, metrics: null, published_at: 5 },
      ];
      b.data.author = { ...b.data.author, name: { first: 'Ana' }, handle: 7 };
      return b;
    }),
  ],
  [
    'post: the one item null',
    drifted('post-minimal', (b) => {
      b.data.items = [null];
      return b;
    }),
  ],
  [
    'movers: odd items, points_gained and interval_min objects',
    drifted('movers-all-fields', (b) => {
      const mover = b.items[0];
      b.interval_min = {};
      b.items = [...ODD, { ...mover, points_gained: {}, points: 'lots', title: ['a', 'b'] }, mover];
      b.total = b.items.length;
      return b;
    }),
  ],
  [
    'trends: odd items and series, from and to of other types',
    drifted('trends-all-fields', (b) => {
      const item = b.items[0];
      b.from = {};
      delete b.to;
      b.points = {};
      b.items = [
        ...ODD,
        { ...item, series: null, best_position: {}, movement: 'up' },
        { ...item, series: [null, 5, 'x', {}, { window: {}, points: {}, position: 'top' }] },
        item,
      ];
      return b;
    }),
  ],
  [
    'niches: odd entries, fields of other types',
    drifted('niches-minimal', (b) => {
      b.niches = [...ODD, { id: {}, label: 5, windows_24h: {}, last_window: [] }, ...b.niches];
      return b;
    }),
  ],
  [
    'profile: author fields of other types',
    drifted('profile-all-fields', (b) => {
      b.data.author = { ...b.data.author, followers: {}, following: 'some', name: [1], handle: 5, verified: 'yes' };
      return b;
    }),
  ],
  [
    'transcript: odd items',
    drifted('transcript-items-cues', (b) => {
      b.data.items = [...ODD, ...b.data.items];
      return b;
    }),
  ],
];

// The same answers through trends' other view: a row a series point.
for (const [about, extra] of [['trends', ['--series']]] as const) {
  const found = CASES.find(([name]) => name.startsWith(`${about}:`)) as (typeof CASES)[number];
  CASES.push([`${found[0]} (${extra.join(' ')})`, { ...found[1], command: [...found[1].command, ...extra] }]);
}

describe('any shape of list item or field reaches every format', () => {
  for (const [about, { command, serve }] of CASES) {
    it(about, async () => {
      for (const route of serve) {
        replay.server.set(route.path, {
          status: route.status,
          text: JSON.stringify(route.body),
        });
      }
      for (const format of ['table', 'csv', 'json', 'ndjson']) {
        const run = await runCli(
          ['--base-url', replay.server.url, '--api-key', 'test_key_0123456789', '-o', format, ...command],
          { env: { SOCIAL_CONFIG_DIR: replay.configDir(), COLUMNS: '120' } },
        );
        expect(run.status, `${format}: ${run.stderr}`).toBe(0);
        expect(run.stdout.length, format).toBeGreaterThan(0);
        expect(run.stdout, format).not.toMatch(/NaN|undefined|\[object Object\]/);
        expect(run.stderr, format).not.toMatch(/NaN|undefined|\[object Object\]|could not write/);
        // A transcript line's shape is not documented: any element is a line, no drift.
        if (command[0] !== 'transcript') expect(run.stderr, format).toMatch(/note: the service sent /);
      }
    });
  }
});
