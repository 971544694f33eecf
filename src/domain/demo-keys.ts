// The sandbox's demo keys and the state each starts in: the sandbox's ledger opens its accounts
// from this table, and the CLI checks an --api-key given with --sandbox against it.
import type { MessageId } from '../messages/catalogue.js';

export interface DemoKey {
  key: string;
  /** What `social sandbox` says of it. */
  about: MessageId;
  active?: boolean;
  freeTotal: number;
  purchased: number;
  cap?: number;
  trendsQuota?: number;
  /** Usage already on the key in the month the ledger is created, to put it in its demo state. */
  usedThisMonth?: { free?: number; spent?: number; trends?: number };
}

export const DEMO_KEYS: readonly DemoKey[] = [
  { key: 'sbx_demo', about: 'notes.sandbox.key.demo', freeTotal: 100, purchased: 5000 },
  {
    key: 'sbx_empty',
    about: 'notes.sandbox.key.empty',
    freeTotal: 100,
    purchased: 0,
    usedThisMonth: { free: 100, spent: 100 },
  },
  {
    key: 'sbx_capped',
    about: 'notes.sandbox.key.capped',
    freeTotal: 100,
    purchased: 500,
    cap: 50,
    usedThisMonth: { free: 50, spent: 50 },
  },
  { key: 'sbx_inactive', about: 'notes.sandbox.key.inactive', active: false, freeTotal: 100, purchased: 100 },
  {
    key: 'sbx_quota',
    about: 'notes.sandbox.key.quota',
    freeTotal: 100,
    purchased: 500,
    trendsQuota: 100,
    usedThisMonth: { trends: 100 },
  },
];

/** The demo keys' names, for messages: "sbx_demo, sbx_empty, ...". */
export function demoKeyNames(): string {
  return DEMO_KEYS.map((k) => k.key).join(', ');
}

export function isDemoKey(key: string): boolean {
  return DEMO_KEYS.some((k) => k.key === key);
}
