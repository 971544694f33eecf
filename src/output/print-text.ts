// The door to stdout for results that are plain text already: help, a path, a URL, a completion
// script, a list of ids. Apart from print.ts so that help, which every start can show, loads none
// of the JSON and record machinery.
import type { OutStream } from '../infra/context.js';

export function printText(out: OutStream, text: string): void {
  if (text === '') return;
  out.write(text.endsWith('\n') ? text : `${text}\n`);
}
