// The MCP SDK for `social mcp --http`: all of ./mcp.ts and its Streamable HTTP server side, in a
// bundle of its own (dist/vendor-mcp-http.cjs) that a session over HTTP reads instead of
// dist/vendor-mcp.cjs, so that a stdio session never reads the HTTP side and each reads one SDK.

export {
  createMcpHandler,
  hostHeaderValidationResponse,
  isLegacyRequest,
  localhostAllowedHostnames,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
export * from './mcp.js';
