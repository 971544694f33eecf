// The output formats a user can ask for (--output, --json, the config's output key): a
// table of names that the settings (infra/config.ts, runtime/globals.ts) check and the output
// layer renders.

export type OutputFormat = 'table' | 'json' | 'ndjson' | 'csv';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['table', 'json', 'ndjson', 'csv'];
