// The errors area: its English registered, and t() to say its messages.
import errors from './en/errors.js';
import { registerEnglish } from './registry.js';

registerEnglish('errors', errors);

export { said, t } from './catalogue.js';
