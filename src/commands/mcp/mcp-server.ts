// The MCP server of one connection: a tool for each command that is one (their declarations, from
// the program), and `quote`. Tools that may cost credits are left out under --read-only; every
// paid one takes `confirm` under --confirm-above. What a server lists depends on those two guards
// only (its Listing), so the build answers initialize and tools/list of each ahead (handshake.ts).
import * as z from 'zod';
import packageJson from '../../../package.json' with { type: 'json' };
import { localMessage, SocialError } from '../../domain/errors.js';
import type * as Vendor from '../../infra/vendor/mcp.js';
import { type Said, say } from '../../messages/catalogue.js';
import { said, t } from '../../messages/use-errors.js';
import '../../messages/use-notes.js';
import type { AnyTool } from '../../runtime/tool-declaration.js';
import { callTool, type ServerSettings, type ToolResult } from './call.js';
import type { Listing } from './listing.js';

type McpServer = InstanceType<typeof Vendor.McpServer>;
type ToolContext = Parameters<Parameters<McpServer['registerTool']>[2]>[1];

const INSTRUCTIONS = `Public profiles and posts from ten social platforms, and an hourly archive of news rankings, metered in credits.
Free: niches, credits, quote, and the local store's tools (history, track_report, search, store_sql: answers already fetched, nothing sent). Every other tool states its price; quote answers the most a call would cost without sending it.
Each result's _meta says credits_charged, uncertain, credits_remaining and request_id; session_left is what this session's budget has left.`;

/** How a listed tool's call is answered: the server's own calls, or none (the build's handshake). */
export interface Calls {
  call(tool: AnyTool, args: Record<string, unknown>, ctx: ToolContext, server: McpServer): Promise<ToolResult>;
  quote(tool: AnyTool, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult>;
}

/** A server listing `tools` as `listing` says, each call answered by `calls`. */
export function listingServer(
  vendor: typeof Vendor,
  tools: readonly AnyTool[],
  listing: Listing,
  calls: Calls,
): McpServer {
  const server = new vendor.McpServer(
    { name: 'social', version: packageJson.version },
    { capabilities: { logging: {} }, instructions: INSTRUCTIONS },
  );
  const listed = listing.readOnly ? tools.filter((tool) => tool.free) : tools;
  for (const tool of listed) {
    const confirmable = !tool.free && listing.confirm;
    const input = confirmable
      ? tool.input
          .extend({
            confirm: z
              .boolean()
              .optional()
              .describe(
                "true: send a call that may cost more than the session's --confirm-above sends without asking (the person agreed).",
              ),
          })
          .meta(tool.input.meta() ?? {})
      : tool.input;
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: input,
        annotations: {
          title: tool.title,
          readOnlyHint: tool.free,
          destructiveHint: false,
          idempotentHint: tool.idempotent,
          // The local store's tools reach nothing outside this machine.
          openWorldHint: tool.from === 'service',
        },
      },
      (args: Record<string, unknown>, ctx) => calls.call(tool, args, ctx, server),
    );
  }
  registerQuote(server, listed, calls);
  return server;
}

/** The server of one connection: the tools of `settings`' listing, each call run under its guards. */
export function buildServer(vendor: typeof Vendor, tools: readonly AnyTool[], settings: ServerSettings): McpServer {
  const listing = { readOnly: settings.readOnly, confirm: settings.confirmAbove !== undefined };
  return listingServer(vendor, tools, listing, {
    async call(tool, args, ctx, server) {
      const signal = ctx.mcpReq.signal;
      if (listing.confirm && !tool.free) {
        const refusal = await confirmed(server, tool, args, settings, signal, (message) =>
          ctx.mcpReq.elicitInput({
            mode: 'form',
            message,
            requestedSchema: {
              type: 'object',
              properties: { confirm: { type: 'boolean', title: t('notes.mcp.confirm.field') } },
              required: ['confirm'],
            },
          }),
        );
        if (refusal !== undefined) return refusal;
      }
      const { confirm: _confirm, ...rest } = args;
      return callTool(tool, rest, settings, signal);
    },
    quote: (tool, args, ctx) => callTool(tool, args, settings, ctx.mcpReq.signal, true),
  });
}

type Elicit = (message: string) => Promise<{ action: string; content?: Record<string, unknown> }>;

/**
 * Under --confirm-above: undefined when the call may go (its most possible cost is within the
 * threshold, `confirm: true` was given, or the person said yes when asked), else the refusal.
 */
async function confirmed(
  server: McpServer,
  tool: AnyTool,
  args: Record<string, unknown>,
  settings: ServerSettings,
  signal: AbortSignal,
  elicit: Elicit,
): Promise<ToolResult | undefined> {
  if (args.confirm === true || settings.dryRun) return undefined;
  const { confirm: _confirm, ...rest } = args;
  const quote = await callTool(tool, rest, settings, signal, true);
  if (quote.isError) return quote;
  const most = (quote.structuredContent as { max_credits?: number | null }).max_credits ?? null;
  const threshold = settings.confirmAbove ?? 0;
  if (most !== null && most <= threshold) return undefined;
  const cost =
    most === null
      ? said('errors.mcp.priceUnknown')
      : said('notes.mcp.confirm.upTo', { credits: said('notes.credits', { n: most }) });
  const question = t('notes.mcp.confirm.question', { tool: tool.name, cost: say(cost), threshold: String(threshold) });
  if (server.server.getClientCapabilities()?.elicitation !== undefined) {
    try {
      const answer = await elicit(question);
      if (answer.action === 'accept' && answer.content?.confirm === true) return undefined;
      return refusal(said('errors.mcp.notAgreed', { action: answer.action, cost }), quote);
    } catch {
      // The client said it could ask but the question did not get through: refused as without it.
    }
  }
  return refusal(said('errors.mcp.confirmRequired', { tool: tool.name, cost, threshold: String(threshold) }), quote);
}

/** A call not sent for want of the person's yes: its text in the run's language, its message in English. */
function refusal(why: Said, quote: ToolResult): ToolResult {
  const error = new SocialError('budget', why);
  return {
    content: [{ type: 'text', text: localMessage(error) }],
    structuredContent: {
      error: { kind: 'budget', code: 'confirm_required', message: error.message },
      plan: quote.structuredContent,
    },
    isError: true,
    _meta: quote._meta,
  };
}

/** `quote`: the most a call of any listed tool would cost, and what it would send; nothing is sent. */
function registerQuote(server: McpServer, tools: readonly AnyTool[], calls: Calls): void {
  const names = tools.map((tool) => tool.name) as [string, ...string[]];
  server.registerTool(
    'quote',
    {
      title: 'Quote a call',
      description:
        'Free: the most a call of another tool would cost and the requests it would send, checked as that tool checks its arguments; nothing is sent.',
      inputSchema: z.object({
        tool: z.enum(names).describe('The tool to quote.'),
        arguments: z.record(z.string(), z.unknown()).default({}).describe("The tool's arguments, as it takes them."),
      }),
      annotations: { title: 'Quote a call', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async (args: { tool: string; arguments: Record<string, unknown> }, ctx) => {
      const tool = tools.find((t) => t.name === args.tool)!;
      const parsed = tool.input.safeParse(args.arguments);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ');
        const text = t('errors.mcp.quoteRefused', { tool: tool.name, issues });
        return { content: [{ type: 'text', text }], isError: true };
      }
      return calls.quote(tool, parsed.data as Record<string, unknown>, ctx);
    },
  );
}
