// The entry area: its English registered, and t() to say its messages.
import entry from './en/entry.js';
import { registerEnglish } from './registry.js';

registerEnglish('entry', entry);

export { t } from './catalogue.js';
