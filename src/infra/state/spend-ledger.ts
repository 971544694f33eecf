// What this machine spent: one JSON line per charged or chargeable call, in spend.jsonl in the
// config dir. Each record names the service (its origin) and a short fingerprint of the key (never
// the key), so `credits` shows this key on this service. A record that may have cost credits is
// written with the others of its turn of the event loop, in one write() to a file opened for
// appending, before the next request is written (the client calls beforeRequest()), at the end of
// that turn, and at exit: it is in the kernel before anything more is sent, and a signal's
// handler, which never runs in the middle of a turn, finds it there (only SIGKILL within that turn
// can lose it). A record of a call that cost nothing (a cache hit, kept as a call the cache saved)
// waits up to FREE_HOLD_MS, or until FREE_HOLD_BYTES of them are held, or goes with the next one
// that cost: a batch of cache hits makes a few writes, not one a turn, and SIGKILL can lose a
// second of them, never a credit. Appenders in other processes never interleave within a line
// (O_APPEND, whole lines a write), which is why appends need no lock. The last credit breakdown an
// envelope carried travels in its record: there is no second file to keep in step.
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, fsyncSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AnswerCharge, ledgerReason } from '../../domain/charges.js';
import { makeStateDir } from '../../domain/state-file.js';

export interface CreditBreakdown {
  seen_at: string;
  credits_remaining: number | null;
  credits_purchased_remaining: number | null;
  free_credits_remaining: number | null;
  free_credits_total: number | null;
  free_credits_reset_at: string | null;
}

export interface SpendRecord {
  /** When the answer came (or the call ended, for an uncertain one), ISO 8601. */
  at: string;
  command: string;
  path: string;
  /** Credits charged; for an uncertain record, the most the call can have cost. */
  credits: number;
  cached: boolean;
  /** The service's origin, like https://api.example.com. */
  service?: string;
  /** First 8 hex digits of the key's SHA-256: tells keys apart, cannot give the key back. */
  key?: string;
  /** The call may have been charged, or the service's figure could not be trusted. */
  uncertain?: true;
  /** Why it is uncertain, in a few words. */
  reason?: string;
  breakdown?: Omit<CreditBreakdown, 'seen_at'>;
}

/** Whom the records of a run belong to. */
export interface LedgerIdentity {
  service: string;
  /** keyFingerprint(key), or null for keyless calls. */
  key: string | null;
}

export interface RecordInput {
  command: string;
  path: string;
  credits: number;
  cached?: boolean;
  at: Date;
  breakdown?: Omit<CreditBreakdown, 'seen_at'>;
}

export function keyFingerprint(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

function spendPath(dir: string): string {
  return join(dir, 'spend.jsonl');
}

/** Ledgers holding records not yet written: written when the process exits, however it exits. */
const holding = new Set<SpendLedger>();
let exitHooked = false;

/** How long the records of calls that cost nothing may wait to be written. */
const FREE_HOLD_MS = 1000;
/** How many bytes of them may wait. */
const FREE_HOLD_BYTES = 64 * 1024;
/** The buffer records are held in: FREE_HOLD_BYTES of free ones and room for one more (grown for more). */
const HELD_BYTES = 2 * FREE_HOLD_BYTES;
/** Records are held from byte 1: byte 0 is for the newline a first write after a torn record needs. */
const HELD_FROM = 1;
const NEWLINE = 0x0a;

export class SpendLedger {
  private fd: number | undefined;
  private failed = false;
  /**
   * The records not yet written, whole lines as UTF-8 up to `heldTo`: outside the JavaScript heap,
   * so a young-generation GC does not copy them while they wait (a batch's would, every one).
   */
  private held: Buffer | undefined;
  private heldTo = HELD_FROM;
  /** Whether one of them may have cost credits: then they are written by the end of the turn. */
  private heldCharged = false;
  /** The wait of records that cost nothing, while one is set. */
  private freeWait: NodeJS.Timeout | undefined;
  /** The last record's time and its ISO text: the answers of one turn mostly share a millisecond. */
  private lastMs = Number.NaN;
  private lastIso = '';
  /**
   * The fields after `at` that the records of one route share, as JSON text, for the last route;
   * none before the first record (an empty command and path are a route like any other).
   */
  private route: { command: string; path: string; text: string } | undefined;
  /**
   * The last record's line and what it was made of: a batch's answers mostly say the same (a cache
   * hit, the same balance, in the same millisecond), and then the line is the same string, not made
   * again.
   */
  private line:
    | { iso: string; route: string; credits: number; cached: boolean; breakdown: BreakdownText; text: string }
    | undefined;
  /** The last breakdown's JSON text, and its figures. */
  private breakdown: BreakdownText = NO_BREAKDOWN;

  /** `onFailure` hears (once) why records could not be written; the run goes on. */
  constructor(
    private readonly dir: string,
    readonly identity: LedgerIdentity,
    private readonly onFailure: (error: unknown) => void,
  ) {}

  /**
   * A call the service answered, with what it says it charged. A batch records one an answer, so
   * the line is written as JSON.stringify writes a SpendRecord (the same fields, in the same
   * order), without the object: its route's fields are made once, its time once a millisecond,
   * its breakdown once for each new balance, and a line like the last is the last's string.
   */
  record(input: RecordInput): void {
    if (this.failed) return;
    const ms = input.at.getTime();
    if (ms !== this.lastMs) {
      this.lastMs = ms;
      this.lastIso = input.at.toISOString();
    }
    const { command, path } = input;
    if (this.route === undefined || command !== this.route.command || path !== this.route.path) {
      const { service, key } = this.identity;
      const named = `,"command":${JSON.stringify(command)},"path":${JSON.stringify(path)},"service":${JSON.stringify(service)}`;
      this.route = { command, path, text: key === null ? named : `${named},"key":${JSON.stringify(key)}` };
    }
    const b = input.breakdown;
    if (b === undefined) this.breakdown = NO_BREAKDOWN;
    else if (!sameBreakdown(this.breakdown.figures, b)) this.breakdown = { figures: b, text: breakdownText(b) };
    const breakdown = this.breakdown;
    const { credits } = input;
    const cached = input.cached === true;
    const route = this.route.text;
    let line = this.line;
    if (
      line === undefined ||
      line.iso !== this.lastIso ||
      line.route !== route ||
      !Object.is(line.credits, credits) ||
      line.cached !== cached ||
      line.breakdown !== breakdown
    ) {
      const text = `{"at":"${this.lastIso}"${route},"credits":${jsonNumber(credits)},"cached":${cached}${breakdown.text}}\n`;
      line = { iso: this.lastIso, route, credits, cached, breakdown, text };
      this.line = line;
    }
    this.appendLine(line.text, credits !== 0);
  }

  /**
   * A call that may have been charged but whose answer was lost or not understood (a reset or a
   * timeout after sending, a malformed body), or whose figure cannot be trusted (the client's charge):
   * `credits` is the most it can have cost. Totals show these apart, never subtract them.
   */
  recordUncertain(input: Omit<RecordInput, 'breakdown' | 'cached'> & { reason: string }): void {
    const record: SpendRecord = {
      at: input.at.toISOString(),
      command: input.command,
      path: input.path,
      service: this.identity.service,
      // A key of null is left out, as record() leaves it (JSON.stringify drops undefined).
      key: this.identity.key ?? undefined,
      credits: Math.max(0, input.credits),
      cached: false,
      uncertain: true,
      reason: input.reason,
    };
    this.appendLine(`${JSON.stringify(record)}\n`, true);
  }

  /**
   * Records what an answered call cost, as the client charged it (`charge`), with the answer's
   * credit breakdown if it has one. A charge that is uncertain (a figure below the route's price
   * in an answer that says it was not cached, or one that is not a count of credits) is recorded
   * as such, at the credits counted, with why.
   */
  observe(command: string, path: string, body: unknown, at: Date, charge: AnswerCharge): void {
    if (charge.reading === 'none' || body === null || typeof body !== 'object') return;
    if (charge.uncertain) {
      this.recordUncertain({ command, path, credits: charge.credits, at, reason: ledgerReason(charge) ?? '' });
      return;
    }
    const fields = body as Record<string, unknown>;
    const { credits } = charge;
    const cached = fields.cached === true;
    // A free answer (the credits probe, movers with no movement) is no spending; a cache hit is
    // kept, as the calls the cache saved.
    if (credits === 0 && !cached) return;
    const breakdown = 'credits_remaining' in fields ? breakdownOf(fields) : undefined;
    this.record({ command, path, credits, cached, at, breakdown });
  }

  /** Forces what was written to the disk itself (a crash of the machine, not only of the process). */
  flushSync(): void {
    if (this.fd === undefined) return;
    try {
      fsyncSync(this.fd);
    } catch {
      // The records are with the kernel already; a file system that cannot sync loses nothing more.
    }
  }

  /** The client is about to write a request: a record held that may have cost is written first. */
  beforeRequest(): void {
    if (this.heldCharged) this.write();
  }

  /** Writes the records held, in one write(). */
  write(): void {
    const to = this.heldTo;
    if (to === HELD_FROM) return;
    const held = this.held as Buffer;
    this.heldTo = HELD_FROM;
    this.heldCharged = false;
    holding.delete(this);
    // A buffer grown past its size for a long record is not kept.
    if (held.length > HELD_BYTES) this.held = undefined;
    try {
      let from = HELD_FROM;
      if (this.fd === undefined) {
        makeStateDir(this.dir);
        this.fd = openLedger(spendPath(this.dir));
        if (!endsLine(this.fd)) {
          held[0] = NEWLINE;
          from = 0;
        }
      }
      // Whole or an error: with a descriptor, writeFileSync writes the rest of a write cut short
      // (the disk filled up part way), and that write meets the disk's error, said as any is.
      writeFileSync(this.fd, held.subarray(from, to));
    } catch (error) {
      this.failed = true;
      this.onFailure(error);
    }
  }

  close(): void {
    this.write();
    if (this.freeWait !== undefined) clearTimeout(this.freeWait);
    this.freeWait = undefined;
    if (this.fd === undefined) return;
    this.flushSync();
    closeSync(this.fd);
    this.fd = undefined;
  }

  /** Holds one whole line (or more) until it is written: by the end of the turn when `charged`. */
  private appendLine(line: string, charged: boolean): void {
    if (this.failed) return;
    if (this.heldTo === HELD_FROM) {
      holding.add(this);
      if (!exitHooked) {
        exitHooked = true;
        process.once('exit', () => {
          for (const ledger of holding) ledger.write();
        });
      }
    }
    this.hold(line);
    if (charged) {
      if (!this.heldCharged) setImmediate(writeHeld, this);
      this.heldCharged = true;
    } else if (this.heldTo - HELD_FROM >= FREE_HOLD_BYTES) this.write();
    // Not cleared by a write: one that ends early only writes what came since, or nothing.
    else this.freeWait ??= setTimeout(this.endFreeWait, FREE_HOLD_MS).unref();
  }

  /** Puts `line` after the records held, in a buffer grown if it has no room for it. */
  private hold(line: string): void {
    const room = this.held === undefined ? 0 : this.held.length - this.heldTo;
    // A UTF-16 unit takes at most 3 bytes in UTF-8: a line is measured only when it may not fit.
    if (line.length * 3 > room && Buffer.byteLength(line) > room) {
      const grown = Buffer.allocUnsafeSlow(Math.max(HELD_BYTES, this.heldTo + Buffer.byteLength(line)));
      this.held?.copy(grown, 0, 0, this.heldTo);
      this.held = grown;
    }
    this.heldTo += (this.held as Buffer).write(line, this.heldTo);
  }

  private readonly endFreeWait = (): void => {
    this.freeWait = undefined;
    this.write();
  };
}

function writeHeld(ledger: SpendLedger): void {
  ledger.write();
}

/**
 * Whether the file ends a line (or is empty). A record cut short (a disk that filled up part way)
 * leaves its torn line without a newline: the run after it starts on a line of its own, or its
 * first record would join the torn line and be skipped with it.
 */
function endsLine(fd: number): boolean {
  const { size } = fstatSync(fd);
  if (size === 0) return true;
  const last = Buffer.alloc(1);
  try {
    return readSync(fd, last, 0, 1, size - 1) === 1 && last[0] === 0x0a;
  } catch {
    // Not to be read (a file this user may only append to, a failing disk): a line of its own
    // costs a blank line at most, which readSpend passes over; a record joined to a torn one is lost.
    return false;
  }
}

/**
 * The ledger opened for appending, and for reading its last byte where this user may: a file it
 * may only append to (mode 0200) is appended to all the same, as it always was.
 */
function openLedger(path: string): number {
  try {
    return openSync(path, 'a+', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EACCES') throw error;
    return openSync(path, 'a', 0o600);
  }
}

/** A number or null as JSON.stringify writes it (null for what JSON cannot hold: NaN, Infinity). */
function jsonNumber(value: number | null): string {
  return value !== null && Number.isFinite(value) ? String(value) : 'null';
}

/** A breakdown as a record's line writes it (`,"breakdown":{…}`), and the figures it says. */
interface BreakdownText {
  figures: Omit<CreditBreakdown, 'seen_at'> | undefined;
  text: string;
}

const NO_BREAKDOWN: BreakdownText = { figures: undefined, text: '' };

function breakdownText(b: Omit<CreditBreakdown, 'seen_at'>): string {
  return `,"breakdown":{"credits_remaining":${jsonNumber(b.credits_remaining)},"credits_purchased_remaining":${jsonNumber(b.credits_purchased_remaining)},"free_credits_remaining":${jsonNumber(b.free_credits_remaining)},"free_credits_total":${jsonNumber(b.free_credits_total)},"free_credits_reset_at":${b.free_credits_reset_at === null ? 'null' : JSON.stringify(b.free_credits_reset_at)}}`;
}

function sameBreakdown(a: Omit<CreditBreakdown, 'seen_at'> | undefined, b: Omit<CreditBreakdown, 'seen_at'>): boolean {
  return (
    a !== undefined &&
    Object.is(a.credits_remaining, b.credits_remaining) &&
    Object.is(a.credits_purchased_remaining, b.credits_purchased_remaining) &&
    Object.is(a.free_credits_remaining, b.free_credits_remaining) &&
    Object.is(a.free_credits_total, b.free_credits_total) &&
    a.free_credits_reset_at === b.free_credits_reset_at
  );
}

function breakdownOf(fields: Record<string, unknown>): Omit<CreditBreakdown, 'seen_at'> {
  const number = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    credits_remaining: number(fields.credits_remaining),
    credits_purchased_remaining: number(fields.credits_purchased_remaining),
    free_credits_remaining: number(fields.free_credits_remaining),
    free_credits_total: number(fields.free_credits_total),
    free_credits_reset_at: typeof fields.free_credits_reset_at === 'string' ? fields.free_credits_reset_at : null,
  };
}

export interface SpendFile {
  records: SpendRecord[];
  /** Lines that are not a spend record (damage, a hand edit): skipped and counted. */
  skipped: number;
}

function isSpendRecord(value: unknown): value is SpendRecord {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const r = value as Record<string, unknown>;
  return typeof r.at === 'string' && typeof r.credits === 'number' && Number.isFinite(r.credits);
}

/** Every record of the spend file; lines that are not records are skipped and counted. */
export function readSpend(dir: string): SpendFile {
  let text: string;
  try {
    text = readFileSync(spendPath(dir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], skipped: 0 };
    throw error;
  }
  const records: SpendRecord[] = [];
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      value = undefined;
    }
    if (isSpendRecord(value)) records.push(value);
    else skipped += 1;
  }
  return { records, skipped };
}

/** The records of this key on this service (records from before they were named are not). */
export function recordsOf(records: readonly SpendRecord[], identity: LedgerIdentity): SpendRecord[] {
  return records.filter((r) => r.service === identity.service && (r.key ?? null) === identity.key);
}

/** The newest credit breakdown among `records`. */
export function lastBreakdown(records: readonly SpendRecord[]): CreditBreakdown | undefined {
  for (let i = records.length - 1; i >= 0; i -= 1) {
    const record = records[i]!;
    if (record.breakdown !== undefined && typeof record.breakdown === 'object' && record.breakdown !== null)
      return { seen_at: record.at, ...record.breakdown };
  }
  return undefined;
}
