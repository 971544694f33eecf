// The sandbox's demo keys and the state each starts in: the sandbox's ledger opens its accounts
// from this table, and the CLI checks an --api-key given with --sandbox against it.

export interface DemoKey {
  key: string;
  about: string;
  active?: boolean;
  freeTotal: number;
  purchased: number;
  cap?: number;
  trendsQuota?: number;
  /** Usage already on the key in the month the ledger is created, to put it in its demo state. */
  usedThisMonth?: { free?: number; spent?: number; trends?: number };
}

export const DEMO_KEYS: readonly DemoKey[] = [
  { key: 'sbx_demo', about: 'credits to spare', freeTotal: 100, purchased: 5000 },
  {
    key: 'sbx_empty',
    about: 'both wallets empty (402 sem_creditos)',
    freeTotal: 100,
    purchased: 0,
    usedThisMonth: { free: 100, spent: 100 },
  },
  {
    key: 'sbx_capped',
    about: 'monthly spending ceiling reached (402 teto_estourado)',
    freeTotal: 100,
    purchased: 500,
    cap: 50,
    usedThisMonth: { free: 50, spent: 50 },
  },
  { key: 'sbx_inactive', about: 'deactivated (401 chave_invalida)', active: false, freeTotal: 100, purchased: 100 },
  {
    key: 'sbx_quota',
    about: 'trends monthly quota spent (429)',
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
