// `transcript` as an MCP tool: the same check of the video URL and run.
import * as z from 'zod';
import { route, TIKTOK_VIDEO_URL } from '../../domain/routes.js';
import { t } from '../../messages/use-notes.js';
import { counted, envelopeSummary, price, type ToolDeclaration } from '../../runtime/tool-declaration.js';
import { parseVideoUrl } from './index.js';

export const transcriptTool: ToolDeclaration<{ url: string }, string> = {
  name: 'transcript',
  title: 'Caption track of a tiktok video',
  description: `The caption track of a tiktok video: ${price(route('transcript').cost)}, charged even when empty, and an empty answer is never retried. Most videos have none.`,
  input: z.object({
    url: z
      .string()
      .regex(TIKTOK_VIDEO_URL)
      .describe("The video's own URL, https://www.tiktok.com/@<user>/video/<id> (no short links)."),
  }),
  free: false,
  idempotent: false,
  from: 'service',
  key: true,
  options: (args) => parseVideoUrl(args.url),
  run: async () => (await import('./run.js')).runTranscript,
  summary: (json) =>
    envelopeSummary(json, (n) =>
      n === undefined || n === 0 ? t('notes.mcp.summary.noCaptions') : t('notes.mcp.summary.captions', counted(n)),
    ),
};
