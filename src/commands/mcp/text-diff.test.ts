// The unified diff `mcp install --dry-run` prints: as diff -u writes one hunk.
import { describe, expect, it } from 'vitest';
import { unifiedDiff } from './text-diff.js';

describe('unifiedDiff', () => {
  it('one hunk, three lines of context either side, the unchanged ends cut', () => {
    const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].map((line) => `${line}\n`).join('');
    const after = before.replace('e\n', 'E\nE2\n');
    expect(unifiedDiff(before, after, 'f.txt')).toBe(
      '--- f.txt\n+++ f.txt\n@@ -2,7 +2,8 @@\n b\n c\n d\n-e\n+E\n+E2\n f\n g\n h\n',
    );
  });

  it('a new file from /dev/null, and a last line without its line break said as diff says it', () => {
    expect(unifiedDiff('', 'x\n', 'n.json')).toBe('--- /dev/null\n+++ n.json\n@@ -0,0 +1 @@\n+x\n');
    expect(unifiedDiff('{}', '{\n}\n', 'c.json')).toBe(
      '--- c.json\n+++ c.json\n@@ -1 +1,2 @@\n-{}\n\\ No newline at end of file\n+{\n+}\n',
    );
  });
});
