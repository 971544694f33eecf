// The MCP SDK (its server side), behind named exports: the CLI build keeps it in a bundle of its
// own (dist/vendor-mcp.cjs), loaded only by `social mcp`. Its own copy of zod is bundled with it;
// the tools' schemas, made with the CLI's zod, reach it as Standard Schemas.
export {
  createMcpHandler,
  hostHeaderValidationResponse,
  InMemoryTransport,
  isLegacyRequest,
  LATEST_PROTOCOL_VERSION,
  localhostAllowedHostnames,
  McpServer,
  SUPPORTED_PROTOCOL_VERSIONS,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
export { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
