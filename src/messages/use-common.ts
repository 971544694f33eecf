// The common area: its English registered (intl.ts registers it too, for the word a figure that is
// no number reads as), and t() to say its messages.
import common from './en/common.js';
import { registerEnglish } from './registry.js';

registerEnglish('common', common);

export { t } from './catalogue.js';
