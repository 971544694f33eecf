// The envelope routes: profile on ten platforms, posts on three, the bluesky single post and the
// tiktok transcript. Each follows the service's order: key, parameters, cache, credits, upstream,
// charge. Nothing is charged unless a result is returned (transcript: an empty one counts).
import type { Platform } from '../domain/platforms.js';
import { AT_POST_URI, cacheKey, envelopeEndpoint, integerParam, route, TIKTOK_VIDEO_URL } from '../domain/routes.js';
import type { EnvelopeErrorType } from '../domain/schemas.js';
import type { SandboxCore } from './core.js';
import { authorAt, postAt } from './growth.js';
import type { KeyAccount } from './ledger.js';
import { Ledger } from './ledger.js';
import type { EnvelopeData, EnvelopeTarget, Reply, SandboxRequest } from './reply.js';
import { envelopeError, envelopeSuccess, intParam } from './reply.js';
import type { Reserved } from './social-data.js';
import { findAccount, findBlueskyPost, findVideo, reservedHandle } from './social-data.js';

const RESERVED_ERRORS: Record<Reserved, { type: EnvelopeErrorType; message: string }> = {
  notfound: { type: 'nao_encontrado', message: 'No such profile or account.' },
  blocked: { type: 'bloqueado', message: 'The platform refused the service for this resource.' },
  unavailable: { type: 'indisponivel', message: 'A dependency of this endpoint is down; try again later.' },
};

interface Upstream {
  /** The data of the envelope, or the reason there is none. */
  result: { data: EnvelopeData } | { error: EnvelopeErrorType; message: string };
}

/** The common flow of every envelope route once its parameters are known to be well formed. */
function serve(
  core: SandboxCore,
  req: SandboxRequest,
  target: EnvelopeTarget,
  account: KeyAccount,
  key: string | undefined,
  cost: number,
  fetchUpstream: () => Upstream,
): Reply {
  const ctx = core.envelopeContext(req);
  if (key !== undefined) {
    const hit = core.cache.get(key);
    if (hit !== undefined) return envelopeSuccess(ctx, target, account, hit, 0, true);
  }
  const check = core.ledger.check(account, cost);
  if (!check.ok) {
    const { ok: _ok, code, ...details } = check;
    const message =
      check.code === 'sem_creditos'
        ? 'Both wallets are empty: no purchased credits and no free allowance left this month.'
        : Ledger.ceilingMessage(check, cost);
    return envelopeError(ctx, target, account, code, message, details);
  }
  const { result } = fetchUpstream();
  if ('error' in result) return envelopeError(ctx, target, account, result.error, result.message);
  core.ledger.charge(account, cost, ctx.requestId);
  if (key !== undefined) core.cache.set(key, result.data);
  core.changed();
  return envelopeSuccess(ctx, target, account, result.data, cost, false);
}

function reserved(platform: Platform, handle: string): Upstream | undefined {
  const kind = reservedHandle(platform.name, handle);
  if (kind === undefined) return undefined;
  const { type, message } = RESERVED_ERRORS[kind];
  return { result: { error: type, message } };
}

/** Key and parameter checks shared by the envelope routes: an error reply, or the account. */
function authorise(core: SandboxCore, req: SandboxRequest, target: EnvelopeTarget): Reply | KeyAccount {
  const account = core.ledger.activeAccount(req.key);
  if (account !== undefined) return account;
  return envelopeError(
    core.envelopeContext(req),
    target,
    undefined,
    'chave_invalida',
    'The API key is missing, unknown or deactivated. Send Authorization: Bearer <API_KEY>.',
  );
}

function badParam(
  core: SandboxCore,
  req: SandboxRequest,
  target: EnvelopeTarget,
  account: KeyAccount,
  param: string,
  message: string,
): Reply {
  return envelopeError(core.envelopeContext(req), target, account, 'parametro_invalido', message, { param });
}

/** The handle parameter, checked against the platform's pattern (the service does not normalise). */
function handleParam(platform: Platform, req: SandboxRequest): string | { message: string } {
  const handle = req.query.get('handle');
  if (handle === null || handle === '') return { message: 'handle is required.' };
  if (!platform.handlePattern.test(handle)) {
    return { message: `handle does not match the ${platform.name} format (${platform.handleRule}).` };
  }
  return handle;
}

export function profileRoute(core: SandboxCore, platform: Platform, req: SandboxRequest): Reply {
  const r = route('profile');
  const target = { platform: platform.name, endpoint: envelopeEndpoint(r) };
  const account = authorise(core, req, target);
  if (!('key' in account)) return account;
  const handle = handleParam(platform, req);
  if (typeof handle !== 'string') return badParam(core, req, target, account, 'handle', handle.message);
  const key = cacheKey(r, platform, { handle: handle.toLowerCase() });
  return serve(core, req, target, account, key, r.cost, () => {
    const found = reserved(platform, handle);
    if (found) return found;
    const hit = findAccount(platform.name, handle);
    if (hit === undefined) return { result: { error: 'nao_encontrado', message: 'No such profile.' } };
    const now = core.now();
    return {
      result: {
        data: { author: authorAt(platform.name, hit.author, now), items: [], has_more: false, next_cursor: null },
      },
    };
  });
}

export function postsRoute(core: SandboxCore, platform: Platform, req: SandboxRequest): Reply {
  const r = route('posts');
  const target = { platform: platform.name, endpoint: envelopeEndpoint(r) };
  const account = authorise(core, req, target);
  if (!('key' in account)) return account;
  const handle = handleParam(platform, req);
  if (typeof handle !== 'string') return badParam(core, req, target, account, 'handle', handle.message);
  const range = integerParam(r, 'limit', platform);
  let limit: number | undefined;
  if (range !== undefined) {
    const parsed = intParam(req.query, range);
    if (!parsed.ok) return badParam(core, req, target, account, 'limit', parsed.message);
    limit = parsed.value;
  }
  const key = cacheKey(r, platform, { handle: handle.toLowerCase(), limit });
  return serve(core, req, target, account, key, r.cost, () => {
    const found = reserved(platform, handle);
    if (found) return found;
    const hit = findAccount(platform.name, handle);
    if (hit === undefined) return { result: { error: 'nao_encontrado', message: 'No such account.' } };
    const now = core.now();
    const items = (limit === undefined ? hit.posts : hit.posts.slice(0, limit)).map((post) => postAt(post, now));
    return {
      result: { data: { author: authorAt(platform.name, hit.author, now), items, has_more: false, next_cursor: null } },
    };
  });
}

export function postRoute(core: SandboxCore, platform: Platform, req: SandboxRequest): Reply {
  const r = route('post');
  const target = { platform: platform.name, endpoint: envelopeEndpoint(r) };
  const account = authorise(core, req, target);
  if (!('key' in account)) return account;
  const uri = req.query.get('uri') ?? '';
  const match = AT_POST_URI.exec(uri);
  if (match === null) {
    return badParam(
      core,
      req,
      target,
      account,
      'uri',
      'uri must be an AT Protocol post URI: at://<did-or-handle>/app.bsky.feed.post/<rkey>.',
    );
  }
  const key = cacheKey(r, platform, { uri });
  return serve(core, req, target, account, key, r.cost, () => {
    const found = reserved(platform, match[1] ?? '');
    if (found) return found;
    const hit = findBlueskyPost(uri);
    if (hit === undefined) return { result: { error: 'nao_encontrado', message: 'No such post.' } };
    // Layout not shown by the spec: the sandbox answers an items array of one.
    const now = core.now();
    const author = authorAt(platform.name, hit.account.author, now);
    return { result: { data: { author, items: [postAt(hit.post, now)], has_more: false, next_cursor: null } } };
  });
}

export function transcriptRoute(core: SandboxCore, platform: Platform, req: SandboxRequest): Reply {
  const r = route('transcript');
  const target = { platform: platform.name, endpoint: envelopeEndpoint(r) };
  const account = authorise(core, req, target);
  if (!('key' in account)) return account;
  const url = req.query.get('url') ?? '';
  const match = TIKTOK_VIDEO_URL.exec(url);
  if (match === null) {
    return badParam(
      core,
      req,
      target,
      account,
      'url',
      'url must be a tiktok video URL: https://www.tiktok.com/@<user>/video/<id>.',
    );
  }
  const key = cacheKey(r, platform, { url });
  return serve(core, req, target, account, key, r.cost, () => {
    const found = reserved(platform, match[1] ?? '');
    if (found) return found;
    const video = findVideo(url);
    if (video === undefined) return { result: { error: 'nao_encontrado', message: 'No such video.' } };
    // Charged even when the caption track is empty: an intact envelope with empty items is a result.
    const author = authorAt(platform.name, video.author, core.now());
    return { result: { data: { author, items: video.segments, has_more: false, next_cursor: null } } };
  });
}
