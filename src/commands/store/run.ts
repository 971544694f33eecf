// The runs of `social store`: each opens the store (read-only but for prune), does its one thing
// and prints through the output layer. export streams: rows are written as the query yields them,
// a piece at a time, waiting for a slow reader, so a table of any size takes the same memory.
import { reasonOf, SocialError, usageError } from '../../domain/errors.js';
import type { OutputFormat } from '../../domain/formats.js';
import { formatBytes } from '../../domain/sizes.js';
import type { Context, OutStream } from '../../infra/context.js';
import { shownLocation } from '../../infra/store/access.js';
import type { Store, StoreInfo, StoreRow } from '../../infra/store/store.js';
import { StoreError } from '../../infra/store/store.js';
import { type Said, sayText, sayTextInEnglish } from '../../messages/catalogue.js';
import { formatDateTime } from '../../messages/intl.js';
import { said } from '../../messages/use-errors.js';
import { t } from '../../messages/use-views.js';
import { csvWriter } from '../../output/csv.js';
import { jsonLineWriter, renderFiltered } from '../../output/json.js';
import type { Column } from '../../output/types.js';
import { type Globals, type RawGlobals, resolveGlobals } from '../../runtime/globals.js';
import { type LocalRuntime, storeChecked } from '../../runtime/local.js';
import { type Outcome, printOutcome } from '../../runtime/runner.js';
import { INFO_TABLE_COLUMNS, namedColumns, rowColumns } from './columns.js';
import type { SqlOptions } from './options.js';

/** The store of this run's globals (the sandbox's with --sandbox), opened; a plain error when it cannot be. */
async function openStore(ctx: Context, globals: Globals, readOnly: boolean): Promise<Store> {
  try {
    return await ctx.store.open(globals, { readOnly });
  } catch (error) {
    throw asSocialError(error);
  }
}

/** A store's failure as the error a command ends with: a store not there is the user's to fix (2). */
function asSocialError(error: unknown): unknown {
  if (!(error instanceof StoreError)) return error;
  if (error.code === 'not_found') {
    return usageError(error.said, t('errors.store.notFound.hint'));
  }
  return new SocialError('unexpected', error.said, { code: error.code });
}

/** Where the store of `globals` is, its setting checked (storeChecked): refused when it is off. */
function where(ctx: Context, globals: Globals): string {
  const location = ctx.store.location(globals);
  if (location.engine === 'off') throw usageError(said('errors.store.offNothingStored'));
  return shownLocation(location);
}

export async function storeInfo(ctx: Context, raw: RawGlobals): Promise<number> {
  const globals = storeChecked(ctx, resolveGlobals(raw, ctx));
  const location = where(ctx, globals);
  let info: StoreInfo | undefined;
  try {
    const store = await ctx.store.open(globals, { readOnly: true });
    try {
      info = await store.info();
    } finally {
      await store.close();
    }
  } catch (error) {
    if (!(error instanceof StoreError && error.code === 'not_found')) throw asSocialError(error);
  }
  const tables = Object.fromEntries((info?.tables ?? []).map(({ table, rows }) => [table, rows]));
  const json = {
    location,
    exists: info !== undefined,
    engine: info?.engine ?? ctx.store.location(globals).engine,
    bytes: info?.bytes ?? 0,
    schema_version: info?.schemaVersion ?? null,
    supported_version: info?.supportedVersion ?? null,
    tables,
    oldest_fetch: info?.oldestFetch?.toISOString() ?? null,
    newest_fetch: info?.newestFetch?.toISOString() ?? null,
  };
  const newer = info !== undefined && info.schemaVersion > info.supportedVersion;
  const version =
    info === undefined
      ? null
      : newer
        ? t('views.store.newerSchema', {
            version: String(info.schemaVersion),
            supported: String(info.supportedVersion),
          })
        : String(info.schemaVersion);
  const rows = info?.tables ?? [];
  return printOutcome(ctx, globals, {
    result: {
      json,
      table: [
        {
          fields: [
            { id: 'location', label: t('views.store.location'), value: location, fit: 'id' },
            {
              id: 'size',
              label: t('views.store.size'),
              value: info === undefined ? t('views.store.noStore') : formatBytes(info.bytes ?? 0),
            },
            { id: 'schema version', label: t('views.store.schema'), value: version, missing: t('views.store.noneYet') },
            {
              id: 'oldest fetch',
              label: t('views.store.oldest'),
              value: json.oldest_fetch,
              kind: 'time',
              missing: t('views.store.none'),
            },
            {
              id: 'newest fetch',
              label: t('views.store.newest'),
              value: json.newest_fetch,
              kind: 'time',
              missing: t('views.store.none'),
            },
          ],
        },
        ...(rows.length === 0 ? [] : [{ columns: INFO_TABLE_COLUMNS, rows }]),
      ],
      csv: { columns: INFO_TABLE_COLUMNS, rows },
    },
  });
}

export async function storeSql(ctx: Context, raw: RawGlobals, query: string): Promise<number> {
  const globals = storeChecked(ctx, resolveGlobals(raw, ctx));
  where(ctx, globals);
  const store = await openStore(ctx, globals, true);
  let outcome: Outcome;
  try {
    outcome = await sqlOutcome(store, query);
  } finally {
    await store.close();
  }
  return printOutcome(ctx, globals, outcome);
}

/** `store_sql`, the MCP tool: the query on the store runLocalCommand opened read-only, at most `maxRows` rows. */
export async function runStoreSql(options: SqlOptions, rt: LocalRuntime): Promise<Outcome> {
  if (rt.store === undefined)
    throw usageError(said('errors.store.nothingYet', { location: rt.location }), t('errors.store.notFound.hint'));
  return sqlOutcome(rt.store, options.query, options.maxRows);
}

/** The rows of a query that reads, as every output format shows them; a bounded list stops past `maxRows`. */
async function sqlOutcome(store: Store, query: string, maxRows = Number.POSITIVE_INFINITY): Promise<Outcome> {
  const rows: StoreRow[] = [];
  try {
    for await (const row of store.query(query)) {
      if (rows.length === maxRows)
        throw usageError(
          said('errors.store.tooManyRows', { max: String(maxRows) }),
          t('errors.store.tooManyRows.hint'),
        );
      rows.push(row);
    }
  } catch (error) {
    if (error instanceof SocialError) throw error;
    throw usageError(said('errors.store.queryFailed', { reason: reasonOf(error) }), t('errors.store.queryFailed.hint'));
  }
  const columns = rowColumns(rows);
  return {
    result: {
      json: rows,
      records: { items: rows, within: (items) => items },
      table: [{ columns, rows, empty: t('views.store.noRows') }],
      csv: { columns, rows },
    },
  };
}

/** How much export text is gathered before a write. */
const PIECE_BYTES = 64 * 1024;

export async function storeExport(ctx: Context, raw: RawGlobals, table: string): Promise<number> {
  const globals = storeChecked(ctx, resolveGlobals(raw, ctx));
  // ndjson unless csv is asked for: a table of any size is streamed, which json and table cannot
  // be. --jq runs on each row's ndjson record (it refuses -o csv and table itself).
  const format: OutputFormat =
    (raw.output === undefined && raw.json !== true) || globals.jq !== undefined ? 'ndjson' : globals.format;
  if (format !== 'ndjson' && format !== 'csv') {
    throw usageError(said('errors.store.exportFormat', { format }), t('errors.store.exportFormat.hint'));
  }
  where(ctx, globals);
  // Compiled before the store is read: a bad expression is exit 2, with jq's own message.
  const filter =
    globals.jq === undefined
      ? undefined
      : await (await import('../../infra/vendor/jq.js')).compileJq(globals.jq, ctx.signal);
  const store = await openStore(ctx, globals, true);
  try {
    const tables = await store.tables();
    if (!tables.includes(table)) {
      throw usageError(
        said('errors.store.noTable', { table: JSON.stringify(table) }),
        t('errors.store.noTable.hint', { tables: tables.join(', ') }),
      );
    }
    const out = ctx.io.stdout;
    let piece = '';
    let writer: ExportWriter | undefined;
    try {
      for await (const batch of store.rows(table)) {
        if (writer === undefined) {
          // The header with the first row: a table with none prints nothing, in csv as in ndjson.
          writer = filter === undefined ? exportWriter(format, batch.columns) : filteredWriter(batch.columns);
          piece += writer.header;
        }
        if (filter !== undefined) {
          // A batch's rows go to jq in one call, as a batch's records do.
          piece += renderFiltered(await filter.run(batch.rows.map((row) => JSON.parse(writer!.line(row)))));
        } else for (const row of batch.rows) piece += writer.line(row);
        if (piece.length >= PIECE_BYTES) {
          await written(out, piece);
          piece = '';
        }
      }
    } catch (error) {
      if (error instanceof SocialError) throw error;
      throw asSocialError(error);
    }
    if (piece !== '') await written(out, piece);
  } finally {
    await store.close();
  }
  // A filter that failed on some rows (tonumber on a word) is exit 2 after the output, like jq.
  const failure = filter?.failure();
  if (failure !== undefined) throw failure;
  return 0;
}

/** A row as the record --jq reads: its ndjson line, without the line's end. */
function filteredWriter(columns: readonly string[]): ExportWriter {
  const line = jsonLineWriter(columns);
  return { header: '', line: (row) => line(row) };
}

interface ExportWriter {
  header: string;
  line: (row: readonly unknown[]) => string;
}

/** The export's text in `format`: its header (csv's), and a row's line, its values in the order of `columns`. */
function exportWriter(format: 'ndjson' | 'csv', columns: readonly string[]): ExportWriter {
  if (format === 'ndjson') {
    const line = jsonLineWriter(columns);
    return { header: '', line: (row) => `${line(row)}\n` };
  }
  return csvWriter(namedColumns(columns, (row: readonly unknown[], _name, at) => row[at]));
}

/**
 * Writes `text`, then, when the stream says it holds enough (write() false: a pipe's reader is
 * behind), waits for it to drain. Waiting only past a larger backlog of our own let a pipe hold
 * about twice the peak memory of a file.
 */
async function written(out: OutStream, text: string): Promise<void> {
  const more = out.write(text);
  if (out.errored) throw out.errored;
  if (out.synchronous === true || more !== false || out.on === undefined) return;
  await new Promise<void>((resolve) => {
    const drained = () => {
      out.off?.('drain', drained);
      resolve();
    };
    out.on?.('drain', drained);
  });
}

export async function storePrune(ctx: Context, raw: RawGlobals, olderThanMs: number): Promise<number> {
  const globals = storeChecked(ctx, resolveGlobals(raw, ctx));
  where(ctx, globals);
  const before = new Date((globals.sandboxNow ?? ctx.now()).getTime() - olderThanMs);
  const store = await openStore(ctx, globals, false);
  let deleted: Awaited<ReturnType<Store['prune']>>['deleted'];
  try {
    deleted = (await store.prune(before)).deleted;
  } catch (error) {
    throw asSocialError(error);
  } finally {
    await store.close();
  }
  const rows = deleted.filter((d) => d.rows > 0);
  const total = rows.reduce((sum, d) => sum + d.rows, 0);
  return printOutcome(ctx, globals, {
    result: {
      json: { before: before.toISOString(), deleted: Object.fromEntries(deleted.map((d) => [d.table, d.rows])) },
      table: [
        {
          columns: INFO_TABLE_COLUMNS,
          rows,
          heading: [t('views.store.pruned', { before: `${formatDateTime(before)} UTC`, n: total })],
          empty: t('views.store.nothingThatOld'),
        },
      ],
      csv: { columns: INFO_TABLE_COLUMNS, rows: deleted },
    },
  });
}

export async function storeCheck(ctx: Context, raw: RawGlobals): Promise<number> {
  const globals = storeChecked(ctx, resolveGlobals(raw, ctx));
  const location = where(ctx, globals);
  const postgres = ctx.store.location(globals).engine === 'postgres';
  let problems: Array<string | Said>;
  /** The store did not open: its one problem is that error, which names the store itself. */
  let unopened = false;
  try {
    const store = await openStore(ctx, globals, true);
    try {
      problems = await store.check();
    } finally {
      await store.close();
    }
  } catch (error) {
    // A file that does not even open as a database is the worst a check can find: said, exit 1.
    // A server that cannot be reached or lets nobody in is not damaged: its error is the run's.
    if (!(error instanceof SocialError) || error.kind === 'usage' || postgres) throw error;
    problems = [error.said ?? error.message];
    unopened = true;
  }
  const ok = problems.length === 0;
  // What scripts read names the problems in English; the table says them in the run's language.
  const english = problems.map(sayTextInEnglish);
  const rows = problems.map((problem, at) => ({ problem: english[at]!, said: sayText(problem) }));
  const columns: Column<{ problem: string; said: string }>[] = [
    { header: 'problem', label: 'views.column.problem', value: (row) => row.problem, fit: 'free' },
  ];
  const tableColumns: Column<{ problem: string; said: string }>[] = [
    { header: 'problem', label: 'views.column.problem', value: (row) => row.said, fit: 'free' },
  ];
  const status = await printOutcome(ctx, globals, {
    result: {
      json: { location, ok, problems: english },
      table: [
        {
          columns: tableColumns,
          rows,
          heading: [t(ok ? 'views.store.ok' : 'views.store.damaged', { location })],
          empty: t('views.store.noProblems'),
        },
      ],
      csv: { columns, rows },
    },
  });
  if (!ok) {
    const problem = problems[0] ?? '';
    throw new SocialError('unexpected', unopened ? problem : said('errors.store.damaged', { location, problem }), {
      code: 'store_damaged',
      suggestion: t(postgres ? 'errors.store.damaged.postgres.hint' : 'errors.store.damaged.sqlite.hint'),
    });
  }
  return status;
}
