// The fixtures of the conformance suite: answers written by hand from the service spec's text, each
// with the command to run, its exit status, and the table and csv it must print.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Route {
  path: string;
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** A body that is not JSON, served as it is. */
  text?: string;
  /** A UTF-8 byte-order mark before the JSON. */
  bom?: boolean;
}

export interface Fixture {
  about: string;
  command: string[];
  serve: Route[];
  expect: { exit: number; table?: string | null; csv?: string | null; stderr: string[] };
}

const DIR = join(import.meta.dirname, 'fixtures');
export const FIXTURES: Array<[string, Fixture]> = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Fixture]);

export function wireText(route: Route): string {
  if (route.text !== undefined) return route.text;
  return `${route.bom ? '\ufeff' : ''}${JSON.stringify(route.body)}`;
}
