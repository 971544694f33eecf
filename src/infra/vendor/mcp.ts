// The MCP SDK's server side that a stdio session of `social mcp` serves with (the server, its
// stdio transport, the handshake's), behind named exports: the CLI build keeps it in a bundle of
// its own (dist/vendor-mcp.cjs), loaded only by `social mcp` over stdio, without the SDK's
// Streamable HTTP (./mcp-http.ts). Its own copy of zod is bundled with it; the tools' schemas,
// made with the CLI's zod, reach it as Standard Schemas.
export {
  InMemoryTransport,
  LATEST_PROTOCOL_VERSION,
  McpServer,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/server';
export { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
