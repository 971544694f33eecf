// The commands area: its English registered, and t() to say its messages (each command's own help,
// said by its declaration: loaded with the run layer, not at start).
import commands from './en/commands.js';
import { registerEnglish } from './registry.js';

registerEnglish('commands', commands);

export { t } from './catalogue.js';
