// The exit status of a run ended by a signal. Ctrl-C (SIGINT) and SIGTERM are the contract's
// "interrupted", 130; SIGHUP (a closed terminal or ssh session) and SIGQUIT (Ctrl-\) exit 128 plus
// their number, 129 and 131, as a shell reports a process those signals killed, so a script can
// tell a hang-up from Ctrl-C.
import { EXIT } from './errors.js';

const STATUS_BY_SIGNAL: Record<string, number> = { SIGHUP: EXIT.hangup, SIGQUIT: EXIT.quit };

/** The status for an abort whose reason is the signal's name (what the bin passes). */
export function interruptedStatus(reason: unknown): number {
  return (typeof reason === 'string' ? STATUS_BY_SIGNAL[reason] : undefined) ?? EXIT.interrupted;
}
