// Where the key mask (redact.ts) looks for the key in an answer's text, without a socket: however
// a server escapes, encodes or hides between its characters, and only there.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskKey } from '../config.js';
import { type KeyMask, keyMask } from './redact.js';

// Upper case in it: a header's name comes lower-cased, and is masked as such too.
const KEY = 'k_live_9F8E7d6c5b4a3210';

describe('where the key is looked for in an answer', () => {
  const mayHold = keyMask(KEY)!.inText;
  /** `text` as a JSON string, each character written as it is or escaped, as `written` picks. */
  const encoded = (text: string, written: (index: number) => 0 | 1 | 2) =>
    [...text]
      .map((c, i) => {
        const how = /["\\\u0000-\u001f]/.test(c) ? Math.max(1, written(i)) : written(i);
        if (how === 0) return c;
        if (how === 1 && c in SHORT) return SHORT[c];
        return unicodeEscaped(c);
      })
      .join('');
  const unicodeEscaped = (c: string) =>
    Array.from({ length: c.length }, (_, at) => `\\u${c.charCodeAt(at).toString(16).padStart(4, '0')}`).join('');
  const SHORT: Record<string, string> = { '"': '\\"', '\\': '\\\\', '/': '\\/', '\n': '\\n', '\t': '\\t' };

  it('finds the key however a server escapes its characters', () => {
    const piece = fc.oneof(
      fc.constant(KEY),
      fc.constantFrom(...KEY),
      fc.string(),
      fc.constantFrom('\u001b[31m', '"', '\\'),
    );
    fc.assert(
      fc.property(fc.array(piece), fc.func(fc.constantFrom<0 | 1 | 2>(0, 1, 2)), (pieces, written) => {
        const value = pieces.join('');
        const text = `{"bio":"${encoded(value, written)}"}`;
        expect(JSON.parse(text).bio).toBe(value);
        if (value.includes(KEY)) expect(mayHold(text)).toBe(true);
      }),
    );
  });

  it('finds the key in any case, each character as it is, percent-encoded or \\u-escaped', () => {
    const forms = (c: string) => [
      c.toUpperCase(),
      c.toLowerCase(),
      `%${c.charCodeAt(0).toString(16)}`,
      `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      unicodeEscaped(c),
    ];
    fc.assert(
      fc.property(fc.array(fc.nat(4), { minLength: KEY.length, maxLength: KEY.length }), (how) => {
        const written = [...KEY].map((c, i) => forms(c)[how[i]!]).join('');
        expect(mayHold(`{"bio":"seen ${written}."}`)).toBe(true);
      }),
    );
    expect(mayHold(`{"bio":"${KEY.slice(0, -1)}"}`)).toBe(false);
  });

  /** What hides between the key's characters: escape sequences, controls, invisible characters. */
  const gap = fc.constantFrom(
    '\u001b',
    '\u001b[31m',
    '\u001b[0m',
    '\u001b]0;title\u0007',
    '\u001b]8;;https://e.example\u001b\\',
    '\u009b2J',
    '\u001bV',
    '\u0000',
    '\n',
    '\t',
    '\u007f',
    '\u0085',
    '\u00ad',
    '\u200b',
    '\u200d',
    '\u202e',
    '\u2066',
    '\u2028',
    '\ufeff',
    '\u{e0041}',
    '\ufe0f',
    '\ufe00',
    '\u034f',
    '\u180b',
    '\u180d',
    '\u{e0100}',
    '\u{e01ef}',
  );

  it('finds the key with escape sequences and hidden characters between its characters, and masks it whole', () => {
    const mask = keyMask(KEY)!;
    fc.assert(
      fc.property(
        fc.array(fc.array(gap, { maxLength: 2 }), { minLength: KEY.length, maxLength: KEY.length }),
        fc.func(fc.constantFrom<0 | 1 | 2>(0, 1, 2)),
        (gaps, written) => {
          const value = `seen ${[...KEY].map((c, i) => (i === 0 ? c : gaps[i]!.join('') + c)).join('')}.`;
          const text = `{"bio":"${encoded(value, written)}"}`;
          expect(JSON.parse(text).bio).toBe(value);
          expect(mask.inText(text)).toBe(true);
          const body = cleanedBody(mask, text);
          expect((body as { bio: string }).bio).toBe(`seen ${maskKey(KEY)}.`);
        },
      ),
    );
  });

  it('finds the key in a URL with hidden characters and escape sequences percent-encoded between its characters', () => {
    const mask = keyMask(KEY)!;
    fc.assert(
      fc.property(
        fc.array(fc.array(gap, { maxLength: 2 }), { minLength: KEY.length, maxLength: KEY.length }),
        fc.func(fc.boolean()),
        (gaps, lower) => {
          // Each gap's UTF-8 bytes percent-encoded, their hex digits in upper or lower case.
          const url = (gap: string, i: number) =>
            encodeURIComponent(gap).replace(/%[0-9A-F]{2}/g, (byte) => (lower(i) ? byte.toLowerCase() : byte));
          const value = `https://x.example/?k=${[...KEY].map((c, i) => (i === 0 ? c : gaps[i]!.map(url).join('') + c)).join('')}&`;
          const text = JSON.stringify({ url: value });
          expect(mask.inText(text)).toBe(true);
          const body = cleanedBody(mask, text);
          expect((body as { url: string }).url).toBe(`https://x.example/?k=${maskKey(KEY)}&`);
        },
      ),
    );
  });

  it('finds the key percent-encoded when the JSON text writes its `%` or hex digits as \\u escapes', () => {
    const mask = keyMask(KEY)!;
    const hex = (c: string) => c.charCodeAt(0).toString(16);
    const url = (gap: string) => `https://x.example/?k=${[...KEY].map((c) => `%${hex(c)}`).join(gap)}&`;
    for (const gap of ['', '%E2%80%8B', '%1b%5b0m']) {
      // `%` as \u0025 everywhere, then a hex digit as its \u escape too.
      const text = JSON.stringify({ url: url(gap) }).replaceAll('%', '\\u0025');
      for (const written of [text, text.replace('\\u00256', '\\u0025\\u0036')]) {
        expect(JSON.parse(written).url).toBe(url(gap));
        expect(mask.inText(written)).toBe(true);
        const body = cleanedBody(mask, written);
        expect((body as { url: string }).url).toBe(`https://x.example/?k=${maskKey(KEY)}&`);
      }
    }
  });

  it('finds the key in a header name with hidden characters percent-encoded between its characters', () => {
    const mask = keyMask(KEY)!;
    const name = `x-${[...KEY.toLowerCase()].join('%e2%80%8b')}`;
    const response = {
      statusCode: 200,
      headers: { [name]: 'v', 'content-type': 'application/json' },
      bytes: Buffer.alloc(0),
    };
    const { response: cleaned } = mask.clean(response, {}, false);
    expect(Object.keys(cleaned.headers)).toEqual([`x-${maskKey(KEY)}`, 'content-type']);
  });

  it("finds the key in any of an answer's headers, and only where one holds it", () => {
    const mask = keyMask(KEY)!;
    const answer = (headers: Record<string, string | string[]>) => ({
      statusCode: 200,
      headers,
      bytes: Buffer.alloc(0),
    });
    // In the last value of a list, in a value, in a name: each header cleaned, the others as they came.
    const listed = answer({ 'content-type': 'application/json', 'set-cookie': ['a=1', `k=${KEY}`] });
    expect(mask.clean(listed, {}, false).response.headers['set-cookie']).toEqual(['a=1', `k=${maskKey(KEY)}`]);
    const inValue = answer({ 'x-echo': `Bearer ${KEY}`, 'x-request-id': 'req_1' });
    expect(mask.clean(inValue, {}, false).response.headers).toEqual({
      'x-echo': `Bearer ${maskKey(KEY)}`,
      'x-request-id': 'req_1',
    });
    // Cut in two across headers, it is in neither: the answer is given back as it came.
    const half = KEY.length / 2;
    const split = answer({ 'x-a': KEY.slice(0, half), 'x-b': KEY.slice(half) });
    expect(mask.clean(split, {}, false).response).toBe(split);
    const nameAndValue = answer({ [`x-${KEY.slice(0, half).toLowerCase()}`]: KEY.slice(half) });
    expect(mask.clean(nameAndValue, {}, false).response).toBe(nameAndValue);
    // Nor across two headers with an escape sequence between its halves, which the search across
    // hidden characters skips: the headers' names and the spaces around them stand between.
    const hidden = answer({ 'x-a': `${KEY.slice(0, half)}\u001b[0m`, 'x-b': KEY.slice(half) });
    expect(mask.clean(hidden, {}, false).response).toBe(hidden);
    const inOne = answer({ 'x-a': `${KEY.slice(0, half)}\u001b[0m${KEY.slice(half)}` });
    expect(mask.clean(inOne, {}, false).response.headers['x-a']).toBe(maskKey(KEY));
  });

  it('does not walk an answer whose escapes stand for no character of the key', () => {
    const text = JSON.stringify({ bio: 'a link \u001b]8;;https://evil.example\u0007 here\n\u202e', name: 'k_live' });
    expect(text).toContain('\\u001b');
    expect(mayHold(text)).toBe(false);
    expect(mayHold(text.replace('k_live', '\\u006b_live_9F8E7d6c5b4a3210'))).toBe(true);
  });
});

/** The body `mask` gives back for the JSON `text`, read as an answer whose text may hold the key. */
function cleanedBody(mask: KeyMask, text: string): unknown {
  return mask.clean({ statusCode: 200, headers: {}, bytes: Buffer.alloc(0) }, JSON.parse(text), true).body;
}
