// Help topics: `social help <topic>`, pages of their own for what no single command owns. The
// exit table is rendered from the data in src/domain/errors.ts (a test holds docs/guide.md to it).
// A topic's summary is the help area's (the root help lists them); its page is the topics area's,
// loaded only to be shown (src/messages/use-topics.ts).
import { EXIT_TABLE } from '../domain/errors.js';

import type { HelpTopicName } from '../domain/help-topics.js';
import type { MessageId } from '../messages/catalogue.js';
import { messageFor } from '../messages/registry.js';
import { t } from '../messages/use-help.js';
import { useTopics } from '../messages/use-topics.js';

type ExitKind = (typeof EXIT_TABLE)[number]['kind'];

export interface HelpTopic {
  name: HelpTopicName;
  /** In the run's language. */
  readonly summary: string;
  /** Its page, in the run's language. */
  text: () => Promise<string>;
}

/**
 * What the service answered, for the statuses an answer ends with: the catalogue has a
 * `topics.exit.<kind>.service` for those only (12, 13 and the signals are the CLI's own).
 */
function serviceAnswer(kind: ExitKind): string {
  const id = `topics.exit.${kind}.service` as MessageId;
  return messageFor(id) === undefined ? '' : ` ${t('topics.exit.table.service', { codes: t(id) })}`;
}

/** The exit table as help text: code, meaning, and what the service answered. */
function exitCodesText(): string {
  const lines = EXIT_TABLE.map((row) => {
    const from = serviceAnswer(row.kind);
    return `  ${String(row.code).padStart(3)}  ${t(`topics.exit.${row.kind}`)}${from}`;
  });
  return t('topics.exit-codes', { table: lines.join('\n') });
}

/** A page: rendered once its area's English is loaded. */
function page(render: () => string): () => Promise<string> {
  return async () => {
    await useTopics();
    return render();
  };
}

/** A topic whose summary and text are the catalogue's, in the run's language. */
function topic(name: Exclude<HelpTopicName, 'exit-codes'>): HelpTopic {
  return {
    name,
    get summary() {
      return t(`help.topic.${name}.summary`);
    },
    text: page(() => t(`topics.${name}`)),
  };
}

export const TOPICS: readonly HelpTopic[] = [
  topic('environment'),
  {
    name: 'exit-codes',
    get summary() {
      return t('help.topic.exit-codes.summary');
    },
    text: page(exitCodesText),
  },
  topic('formatting'),
  topic('sandbox'),
];

export function findTopic(name: string): HelpTopic | undefined {
  return TOPICS.find((topic) => topic.name === name);
}
