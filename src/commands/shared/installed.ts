// Where this social is installed: the bin a client starts (mcp install) and the package's own
// files beside it (the skill). The single executable has no bin script and no files beside it.
import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The bin script this process runs (bin/social.js, its real path); undefined in the single executable. */
export async function binScript(): Promise<string | undefined> {
  const sea = await import('node:sea').then(
    (module) => module.isSea(),
    () => false,
  );
  const script = process.argv[1];
  return sea || script === undefined ? undefined : realpathSync(script);
}

/** A file of the package (like skills/social/SKILL.md), by its path from the package's root. */
export async function packageFile(path: string): Promise<string | undefined> {
  const bin = await binScript();
  return bin === undefined ? undefined : join(dirname(bin), '..', path);
}
