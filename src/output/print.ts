// The doors to stdout. A command's result and a server's error body are written here and nowhere
// else; the few plain-text results (help, a path, a URL, a completion script) by print-text.ts.
//
// json and ndjson, what scripts use, need none of the table and csv machinery (chalk, the
// width measures, the csv writer), so that is loaded only for table and csv.
import type { OutStream } from '../infra/context.js';
import { formatJson, renderFiltered, writeColumns, writeJson, writeNdjson } from './json.js';
import { jsonDocuments } from './records.js';
import type { Result } from './types.js';
import type { WriteOptions } from './write.js';

export async function printResult(out: OutStream, result: Result, options: WriteOptions): Promise<void> {
  if (options.filter !== undefined) {
    out.write(renderFiltered(await options.filter([result.json])));
    return;
  }
  if (options.format === 'json' || options.format === 'ndjson') {
    const columns = options.fields === undefined ? result.records?.columns : undefined;
    if (columns !== undefined && out.document === undefined) {
      writeColumns(columns, options.format, (text) => out.write(text));
      return;
    }
    const documents = jsonDocuments(result, options.format, options.fields);
    if (options.format === 'json' && out.document !== undefined) {
      out.document(documents[0]);
      return;
    }
    const write = (text: string) => out.write(text);
    if (options.format === 'json') writeJson(documents[0], write);
    else writeNdjson(documents, write);
    return;
  }
  const { writeResult } = await import('./write.js');
  await writeResult(out, result, options);
}

/** A server's error body, which json and ndjson output (and --jq) still print (the status says the rest). */
export async function printErrorBody(
  out: OutStream,
  body: unknown,
  options: Pick<WriteOptions, 'format' | 'filter'>,
): Promise<void> {
  out.write(
    options.filter ? renderFiltered(await options.filter([body])) : `${formatJson(body, options.format === 'json')}\n`,
  );
}
