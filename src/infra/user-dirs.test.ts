// The settings and cache folders on each platform: the ones env-paths gave (with no suffix), which
// the CLI used before it had its own, so no one's settings move.
import { describe, expect, it } from 'vitest';
import { userDir } from './user-dirs.js';

describe('userDir', () => {
  it('follows the XDG base directories on Linux, else ~/.config and ~/.cache', () => {
    expect(userDir('config', 'social', {}, 'linux', '/home/ana')).toBe('/home/ana/.config/social');
    expect(userDir('cache', 'social', {}, 'linux', '/home/ana')).toBe('/home/ana/.cache/social');
    const xdg = { XDG_CONFIG_HOME: '/x/config', XDG_CACHE_HOME: '/x/cache' };
    expect(userDir('config', 'social', xdg, 'linux', '/home/ana')).toBe('/x/config/social');
    expect(userDir('cache', 'social', xdg, 'freebsd', '/home/ana')).toBe('/x/cache/social');
    // An empty variable is unset, and a relative one invalid, as the spec says.
    expect(userDir('cache', 'social', { XDG_CACHE_HOME: '' }, 'linux', '/home/ana')).toBe('/home/ana/.cache/social');
    expect(userDir('config', 'social', { XDG_CONFIG_HOME: 'conf' }, 'linux', '/home/ana')).toBe(
      '/home/ana/.config/social',
    );
    expect(userDir('cache', 'social', { XDG_CACHE_HOME: './cache' }, 'linux', '/home/ana')).toBe(
      '/home/ana/.cache/social',
    );
  });

  it("puts data (the local store) in $XDG_DATA_HOME, else ~/.local/share, or the platform's data folder", () => {
    expect(userDir('data', 'social', {}, 'linux', '/home/ana')).toBe('/home/ana/.local/share/social');
    expect(userDir('data', 'social', { XDG_DATA_HOME: '/x/data' }, 'linux', '/home/ana')).toBe('/x/data/social');
    expect(userDir('data', 'social', { XDG_DATA_HOME: 'data' }, 'linux', '/home/ana')).toBe(
      '/home/ana/.local/share/social',
    );
    expect(userDir('data', 'social', {}, 'darwin', '/Users/ana')).toBe('/Users/ana/Library/Application Support/social');
    const env = { LOCALAPPDATA: 'C:/Users/ana/AppData/Local' };
    expect(userDir('data', 'social', env, 'win32', 'C:/Users/ana')).toMatch(/Local[\\/]social[\\/]Data$/);
  });

  it('uses ~/Library on macOS, whatever XDG says', () => {
    const xdg = { XDG_CONFIG_HOME: '/x/config', XDG_CACHE_HOME: '/x/cache' };
    expect(userDir('config', 'social', xdg, 'darwin', '/Users/ana')).toBe('/Users/ana/Library/Preferences/social');
    expect(userDir('cache', 'social', xdg, 'darwin', '/Users/ana')).toBe('/Users/ana/Library/Caches/social');
  });

  it('uses %APPDATA% and %LOCALAPPDATA% on Windows, else their usual places under the home', () => {
    const env = { APPDATA: 'C:/Users/ana/AppData/Roaming', LOCALAPPDATA: 'C:/Users/ana/AppData/Local' };
    expect(userDir('config', 'social', env, 'win32', 'C:/Users/ana')).toMatch(/Roaming[\\/]social[\\/]Config$/);
    expect(userDir('cache', 'social', env, 'win32', 'C:/Users/ana')).toMatch(/Local[\\/]social[\\/]Cache$/);
    expect(userDir('cache', 'social', {}, 'win32', 'C:/Users/ana')).toMatch(/AppData[\\/]Local[\\/]social[\\/]Cache$/);
  });

  it('is the home of the process by default', () => {
    expect(userDir('config', 'social', {}, 'linux')).toMatch(/[\\/]\.config[\\/]social$/);
  });
});
