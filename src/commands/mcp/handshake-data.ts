// The handshake `social mcp` answers before it loads the SDK (handshake.ts). The build replaces
// this module by dist/mcp-handshake.cjs, the handshake computed once from the built program
// (scripts/build.js); from the sources (the typecheck, the build's own step) it is computed when
// asked, from the program `command` is part of.
import type { Command } from 'commander';
import { programTools } from '../../runtime/command.js';
import type { Handshake } from './listing.js';

export async function handshake(command: Command): Promise<Handshake> {
  const [{ computeHandshake }, vendor, tools] = await Promise.all([
    import('./handshake.js'),
    import('../../infra/vendor/mcp.js'),
    Promise.all(programTools(command).map((load) => load())),
  ]);
  return computeHandshake(vendor, tools);
}
