// A command's examples, as its help shows them: command lines, the same in every language, kept
// in code beside the declaration, and beside some of them an explanation, which the caller says
// in the run's language (the catalogue holds only those). An explanation starts at its `column`,
// so that those of one block line up, and never less than two spaces after its command.

/** One line of examples: a command line, or one with what it shows beside it. */
export type Example = string | { line: string; note: string; column: number };

/** The examples as helpAfter takes them: a line each. */
export function examplesText(examples: readonly Example[]): string {
  return examples
    .map((example) =>
      typeof example === 'string'
        ? example
        : `${example.line.padEnd(Math.max(example.column, example.line.length + 2))}${example.note}`,
    )
    .join('\n');
}
