// The topics area: the pages of `social help <topic>` and the exit table's lines, said by nothing
// else. Its English is not registered as this module is evaluated, as the other areas' is: it is a
// bundle of its own (dist/messages-en-topics.cjs, scripts/build.js), loaded by useTopics() when a
// page is to be shown, so that no start carries the pages. Its pages are said with t(), as any
// message is, once useTopics() has resolved.
import { registerEnglish } from './registry.js';

/** The area's English, loaded and registered: before any of its messages is said. */
export async function useTopics(): Promise<void> {
  registerEnglish('topics', (await import('./en/topics.js')).default);
}
