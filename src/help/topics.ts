// Help topics: `social help <topic>`, pages of their own for what no single command owns. The
// exit table is rendered from the data in src/domain/errors.ts (a test holds docs/guide.md to it).
import { EXIT_TABLE } from '../domain/errors.js';
import type { HelpTopicName } from '../domain/help-topics.js';
import { t } from '../messages/use-help.js';

export interface HelpTopic {
  name: HelpTopicName;
  /** In the run's language. */
  readonly summary: string;
  text: () => string;
}

/** The exit table as help text: code, meaning, and what the service answered. */
function exitCodesText(): string {
  const lines = EXIT_TABLE.map((row) => {
    const service = t(`help.exit.${row.kind}.service`);
    const from = service === '' ? '' : ` ${t('help.exit.table.service', { codes: service })}`;
    return `  ${String(row.code).padStart(3)}  ${t(`help.exit.${row.kind}`)}${from}`;
  });
  return t('help.topic.exit-codes.text', { table: lines.join('\n') });
}

/** A topic whose summary and text are the catalogue's, in the run's language. */
function topic(name: Exclude<HelpTopicName, 'exit-codes'>): HelpTopic {
  return {
    name,
    get summary() {
      return t(`help.topic.${name}.summary`);
    },
    text: () => t(`help.topic.${name}.text`),
  };
}

export const TOPICS: readonly HelpTopic[] = [
  topic('environment'),
  {
    name: 'exit-codes',
    get summary() {
      return t('help.topic.exit-codes.summary');
    },
    text: exitCodesText,
  },
  topic('formatting'),
  topic('sandbox'),
];

export function findTopic(name: string): HelpTopic | undefined {
  return TOPICS.find((topic) => topic.name === name);
}
