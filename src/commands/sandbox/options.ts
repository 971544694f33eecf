// What `social sandbox` was asked, as its declaration parses it and its run reads it.

export interface SandboxCommandOptions {
  port: number;
  host: string;
  now?: Date;
  statePath?: string;
  seed?: number;
  faults?: string;
  minimal: boolean;
  /** --quiet: no line per request served. */
  quiet: boolean;
}
