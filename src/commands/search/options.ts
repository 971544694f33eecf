// What `social search` was asked, as its declaration parses it and its run reads it.

export interface SearchOptions {
  words: string[];
  limit: number;
}
