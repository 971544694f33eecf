// Every area in Brazilian Portuguese: one bundle of its own (dist/messages-pt-BR.cjs), loaded by
// useLanguage (registry.ts) only when the run speaks Portuguese.
import type { Messages } from '../message-types.js';
import commands from './commands.js';
import common from './common.js';
import entry from './entry.js';
import errors from './errors.js';
import help from './help.js';
import notes from './notes.js';
import topics from './topics.js';
import views from './views.js';

// By area, as they are written: merged into one object of every id, they would cost a run that
// speaks Portuguese twice what loading the bundle does.
export const brazilianPortuguese: Readonly<Record<string, Messages>> = {
  commands,
  common,
  entry,
  errors,
  help,
  notes,
  topics,
  views,
};
