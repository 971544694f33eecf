// The platform's folders for a program's settings and caches: the XDG base directories on Linux
// and other Unixes ($XDG_CONFIG_HOME, else ~/.config; $XDG_CACHE_HOME, else ~/.cache), ~/Library
// (Preferences, Caches) on macOS, %APPDATA% and %LOCALAPPDATA% on Windows: the folders env-paths
// gives with no suffix. Our own, not env-paths: bundled as CommonJS, its default imports of
// node:process, node:os and node:path made esbuild copy every property of each into an object of
// its own, at every start of the CLI, for the two lines used here.
import { homedir } from 'node:os';
import { join } from 'node:path';

type Kind = 'config' | 'cache';

/** The folder of `kind` for the program `name`. */
export function userDir(
  kind: Kind,
  name: string,
  env: Record<string, string | undefined> = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (platform === 'darwin') return join(home, 'Library', kind === 'config' ? 'Preferences' : 'Caches', name);
  if (platform === 'win32') {
    if (kind === 'config') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), name, 'Config');
    return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), name, 'Cache');
  }
  if (kind === 'config') return join(env.XDG_CONFIG_HOME || join(home, '.config'), name);
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), name);
}
