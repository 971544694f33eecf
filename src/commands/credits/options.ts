// What `social credits` was asked, as its declaration parses it and its run reads it.

export interface CreditsOptions {
  since: Date;
  sinceRaw: string;
}
