// What `social mcp` was asked, as its declaration parses it and its run reads it.

export interface McpOptions {
  /** --max-credits: what the whole session may spend; undefined for no limit. */
  maxCredits: number | undefined;
  /** --confirm-above: a call that may cost more asks the person first. */
  confirmAbove: number | undefined;
  readOnly: boolean;
  dryRun: boolean;
  /** --http: the port of Streamable HTTP on 127.0.0.1 (0 picks one); undefined for stdio. */
  http: number | undefined;
  /** The bearer token HTTP requests must carry (--token or SOCIAL_MCP_TOKEN); made when not given. */
  token: string | undefined;
}
