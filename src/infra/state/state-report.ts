// What a run could not save, or found damaged and moved aside: collected while it runs and told at
// its end, one warning line for everything not saved, so a paid result is never followed by a
// failure for a file-system problem.
import { localReason } from '../../domain/errors.js';
import { t } from '../../messages/use-notes.js';

export class StateReport {
  private readonly notSavedList = new Map<string, string>();
  private readonly movedList: string[] = [];
  private readonly toldList: string[] = [];

  /** `what` (the spend ledger, the coverage cache: in words said) could not be written; said once per kind. */
  notSaved(what: string, error: unknown): void {
    if (!this.notSavedList.has(what)) this.notSavedList.set(what, localReason(error));
  }

  /** A damaged file was moved aside and the run went on as on a first run. */
  movedAside(path: string, aside: string, reason: string): void {
    this.movedList.push(t('notes.state.movedAside', { path, reason, aside }));
  }

  /** Something else the run should hear about its state at the end (a store that went away a while). */
  tell(line: string): void {
    this.toldList.push(line);
  }

  /** The warning lines to print (without the "warning: " prefix). */
  lines(): string[] {
    const lines = [...this.movedList, ...this.toldList];
    if (this.notSavedList.size > 0) {
      const parts = [...this.notSavedList].map(([what, why]) => `${what} (${why})`);
      lines.push(t('notes.state.notSaved', { parts: parts.join('; ') }));
    }
    return lines;
  }
}
