// A batch's input lines: the non-blank, non-comment lines of a file or of stdin, a piece at a time,
// a line over the limit refused on its own without keeping it, and shard K of N of them. The
// scheduler (batch.ts) takes them as they come.
import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { Shard } from '../../domain/shard.js';
import { shardOf } from '../../domain/shard.js';
import { readFailure } from '../../domain/state-file.js';
import type { Context } from '../../infra/context.js';
import { MAX_LINE_BYTES, PREVIEW_CHARS, unreadable } from './flags.js';

/**
 * How much input is split into lines at a time. A piece's lines stay alive until the batch has
 * taken the last of them, and every young-generation GC of a batch copies those of the piece at
 * hand: a piece of a few dozen lines keeps that copying small. A file is read a piece at a
 * time; stdin's chunks (up to 64 KiB from a pipe) are cut into pieces, their bytes kept outside
 * the JavaScript heap until their turn.
 */
const PIECE_BYTES = 1024;

/**
 * What a stream (a pipe, a terminal, a device) is read by: a read a piece long would cost a
 * round trip through libuv's threadpool per kilobyte, which makes an endless line (/dev/zero) slow
 * to read past. Its chunks are cut into pieces as stdin's are.
 */
const STREAM_CHUNK_BYTES = 64 * 1024;

/** A line over MAX_LINE_BYTES: refused without a request; `preview` is its start, to name it. */
class LongLine {
  constructor(readonly preview: string) {}
}

export type InputLine = string | LongLine;

/**
 * Non-blank, non-comment lines of a file or of stdin ("-"), trimmed, a chunk's worth at a time:
 * a batch of thousands takes them without a promise per line. A line over MAX_LINE_BYTES is given
 * as a LongLine as soon as it passes the limit, and the rest of it is read past, not kept: memory
 * stays bounded whatever the input (/dev/zero, one line of gigabytes). An abort ends the reading.
 */
export async function* inputLines(ctx: Context, source: string): AsyncGenerator<InputLine[]> {
  const stdinFile = source === '-' ? ctx.io.stdinFile : undefined;
  const stream =
    source === '-'
      ? stdinFile === undefined
        ? ctx.io.stdin
        : new FilePieces({ fd: stdinFile })
      : isRegularFile(source)
        ? new FilePieces({ path: source })
        : createReadStream(source, { highWaterMark: STREAM_CHUNK_BYTES });
  const stop = () => (stream as { destroy?: () => void }).destroy?.();
  ctx.signal.addEventListener('abort', stop, { once: true });
  const decoder = new StringDecoder('utf8');
  const splitter = new LineSplitter();
  try {
    for await (const piece of pieces(stream as AsyncIterable<string | Buffer>)) {
      const lines = splitter.lines(typeof piece === 'string' ? piece : decoder.write(piece));
      if (lines.length > 0) yield lines;
    }
    const last = splitter.last(decoder.end());
    if (last !== undefined) yield [last];
  } catch (error) {
    if (ctx.signal.aborted) return;
    const reason = readFailure(error);
    if (reason !== undefined) throw unreadable(source, reason);
    throw error;
  } finally {
    ctx.signal.removeEventListener('abort', stop);
  }
}

/**
 * Text cut into input lines, a piece at a time: the end of a piece that is not a whole line is
 * carried to the next. Apart from the generator that reads, so the pieces cut into lines are not
 * kept in its frame while it waits for the batch to take them.
 */
class LineSplitter {
  private carry = '';
  /** Inside a line already refused: everything up to its end is dropped. */
  private pastLimit = false;

  /** The inputs of the whole lines `text` completes. */
  lines(piece: string): InputLine[] {
    let text = piece;
    const lines: InputLine[] = [];
    if (this.pastLimit) {
      const end = text.indexOf('\n');
      if (end === -1) return lines;
      text = text.slice(end + 1);
      this.pastLimit = false;
    }
    const parts = (this.carry + text).split('\n');
    this.carry = parts.pop() ?? '';
    for (const part of parts) {
      const line = inputLine(part);
      if (line !== undefined) lines.push(line);
    }
    if (overLimit(this.carry)) {
      const line = inputLine(this.carry);
      if (line !== undefined) lines.push(line);
      this.carry = '';
      this.pastLimit = true;
    }
    return lines;
  }

  /** The input of the last line, which ends without a newline: `rest` is the decoder's end. */
  last(rest: string): InputLine | undefined {
    return this.pastLimit ? undefined : inputLine(this.carry + rest);
  }
}

function isRegularFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    // Said by the stream's own open, as for any other file.
    return false;
  }
}

/**
 * A regular file, a piece at a time, each read when the batch asks for more input: a read of a
 * local file takes microseconds, and needs no stream. A file stream would be the one stream of a
 * batch that is not a socket: Node's stream code, which reads every answer from its socket, would
 * meet two kinds of stream, and V8 makes code that meets several shapes slower for all of them.
 * Pipes, terminals and devices (whose reads may wait) are streamed. The file is a path (opened and
 * closed here) or stdin's descriptor (`- < handles.txt`: left open).
 */
class FilePieces implements AsyncIterable<Buffer> {
  private fd: number | undefined;
  private ended = false;

  constructor(private readonly file: { path: string } | { fd: number }) {}

  async *[Symbol.asyncIterator](): AsyncGenerator<Buffer> {
    try {
      if (!this.ended) this.fd = 'fd' in this.file ? this.file.fd : openSync(this.file.path, 'r');
      while (this.fd !== undefined) {
        const piece = Buffer.allocUnsafe(PIECE_BYTES);
        const read = readSync(this.fd, piece, 0, PIECE_BYTES, null);
        if (read === 0) return;
        yield read === PIECE_BYTES ? piece : piece.subarray(0, read);
      }
    } finally {
      this.destroy();
    }
  }

  /** Ends the reading (an abort, or the file's end): nothing more is read. */
  destroy(): void {
    this.ended = true;
    if (this.fd === undefined) return;
    if ('path' in this.file) closeSync(this.fd);
    this.fd = undefined;
  }
}

/** The chunks of `stream`, each cut into pieces of at most PIECE_BYTES (a string's: characters). */
async function* pieces(stream: AsyncIterable<string | Buffer>): AsyncGenerator<string | Buffer> {
  for await (const chunk of stream) {
    if (chunk.length <= PIECE_BYTES) yield chunk;
    else
      for (let at = 0; at < chunk.length; at += PIECE_BYTES)
        yield typeof chunk === 'string' ? chunk.slice(at, at + PIECE_BYTES) : chunk.subarray(at, at + PIECE_BYTES);
  }
}

function overLimit(raw: string): boolean {
  // UTF-8 takes at most 3 bytes for a UTF-16 unit: most lines are measured by length alone.
  return raw.length > MAX_LINE_BYTES || (raw.length * 3 > MAX_LINE_BYTES && Buffer.byteLength(raw) > MAX_LINE_BYTES);
}

/** One raw line as an input: undefined for a blank line or a comment (however long). */
function inputLine(raw: string): InputLine | undefined {
  if (overLimit(raw)) {
    const start = raw.slice(0, MAX_LINE_BYTES).trimStart();
    if (start.startsWith('#')) return undefined;
    return new LongLine(preview(start));
  }
  const line = raw.trim();
  return line === '' || line.startsWith('#') ? undefined : line;
}

/** The first PREVIEW_CHARS characters, never half a surrogate pair, marked as cut. */
export function preview(text: string): string {
  if (text.length <= PREVIEW_CHARS) return text;
  const end = /[\ud800-\udbff]/.test(text[PREVIEW_CHARS - 1] ?? '') ? PREVIEW_CHARS - 1 : PREVIEW_CHARS;
  return `${text.slice(0, end)}…`;
}

/** The inputs of shard K of N: each input by a stable hash of its normalised form (`key`). */
export async function* shardInputs(
  source: AsyncIterable<readonly InputLine[]>,
  shard: Shard,
  key: (input: string) => string,
): AsyncGenerator<InputLine[]> {
  for await (const lines of source) {
    const mine = lines.filter(
      (line) => shardOf(typeof line === 'string' ? key(line) : line.preview, shard.count) === shard.index,
    );
    if (mine.length > 0) yield mine;
  }
}
