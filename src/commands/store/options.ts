// What `store_sql` (the MCP tool of `social store sql`) was asked, as its tool parses it and the run reads it.

export interface SqlOptions {
  /** One SQL statement that reads: the store is opened read-only. */
  query: string;
  /** The most rows an answer holds: a query giving more is refused, to be narrowed. */
  maxRows: number;
}
