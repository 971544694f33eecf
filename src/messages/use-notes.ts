// The notes area: its English registered, and t() to say its messages.
import notes from './en/notes.js';
import { registerEnglish } from './registry.js';

registerEnglish('notes', notes);

export { t } from './catalogue.js';
