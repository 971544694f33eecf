// The help area: its English registered, and t() to say its messages (help text of the program,
// its commands, options and topics).
import help from './en/help.js';
import { registerEnglish } from './registry.js';

registerEnglish('help', help);

export { t } from './catalogue.js';
