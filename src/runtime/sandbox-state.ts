// What of the in-process sandbox's state file was not kept, in the run's language: the sandbox
// (which imports only the domain) names the problem, the run and `social sandbox` say it.
import type { DamageReason } from '../domain/state-file.js';
import { say } from '../messages/catalogue.js';
import { t } from '../messages/use-notes.js';
import type { StateProblem } from '../sandbox/core.js';

/** The sandbox's state file `path`, and what became of it, as a closing warning names it. */
export function sandboxStateNamed(problem: StateProblem, path: string): string {
  if (problem === 'unreadable') return t('notes.sandbox.state.unreadable', { path });
  if (problem === 'notMovedAside') return t('notes.sandbox.state.notMovedAside', { path });
  return t('notes.sandbox.state.notWritten', { path });
}

/** Why a damaged state file was moved aside: its reason, or (none) JSON that holds no sandbox state. */
export function sandboxStateReason(reason: DamageReason | undefined): string {
  return reason === undefined ? t('notes.sandbox.state.notState') : say(reason);
}
