// The names of the help topics (`social help <topic>`): their pages are src/help/topics.ts; the
// names are here, below every layer, so shell completion offers them beside the commands.

export const HELP_TOPIC_NAMES = ['environment', 'exit-codes', 'formatting', 'sandbox'] as const;

export type HelpTopicName = (typeof HELP_TOPIC_NAMES)[number];
