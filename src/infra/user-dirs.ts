// The platform's folders for a program's settings, caches and data: the XDG base directories on
// Linux and other Unixes ($XDG_CONFIG_HOME, else ~/.config; $XDG_CACHE_HOME, else ~/.cache;
// $XDG_DATA_HOME, else ~/.local/share), ~/Library (Preferences, Caches, Application Support) on
// macOS, %APPDATA% and %LOCALAPPDATA% on Windows: the folders env-paths gives with no suffix. Our own, not env-paths: bundled as CommonJS, its default imports of
// node:process, node:os and node:path made esbuild copy every property of each into an object of
// its own, at every start of the CLI, for the two lines used here.
import { homedir, userInfo } from 'node:os';
import { isAbsolute, join } from 'node:path';

type Kind = 'config' | 'cache' | 'data';

const MAC_FOLDERS = { config: 'Preferences', cache: 'Caches', data: 'Application Support' } as const;

/** The folder of `kind` for the program `name`. */
export function userDir(
  kind: Kind,
  name: string,
  env: Record<string, string | undefined> = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homeDir(),
): string {
  if (platform === 'darwin') return join(home, 'Library', MAC_FOLDERS[kind], name);
  if (platform === 'win32') {
    if (kind === 'config') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), name, 'Config');
    return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), name, kind === 'data' ? 'Data' : 'Cache');
  }
  if (kind === 'config') return join(absolute(env.XDG_CONFIG_HOME) ?? join(home, '.config'), name);
  if (kind === 'data') return join(absolute(env.XDG_DATA_HOME) ?? join(home, '.local', 'share'), name);
  return join(absolute(env.XDG_CACHE_HOME) ?? join(home, '.cache'), name);
}

/**
 * An XDG variable that is set to an absolute path; a relative one is invalid and ignored, as the
 * XDG spec says: it would put settings and state wherever the run happens to start (a cron job's
 * folder), a different place for each.
 */
function absolute(path: string | undefined): string | undefined {
  return path && isAbsolute(path) ? path : undefined;
}

/**
 * $HOME when it is an absolute path, else the home the system's user database gives: cron, su
 * or `env -i` can leave HOME empty or relative, and a home of '' would put ~/.config in the
 * current folder.
 */
function homeDir(): string {
  const home = homedir();
  if (isAbsolute(home)) return home;
  try {
    const fromUser = userInfo().homedir;
    if (isAbsolute(fromUser)) return fromUser;
  } catch {
    // No entry for this user: what HOME says, as before.
  }
  return home;
}
