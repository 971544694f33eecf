// What a call sends, as undici takes it: its path and query as written on the wire, and its
// headers (bearer auth, the JSON body's type). The same for every attempt of a call; the
// client's own part, as the attempt, the interpretation and the retry decision are theirs.
import type { Dispatcher } from 'undici';
import type { RequestSpec } from './call-types.js';

/** Characters URLSearchParams writes as they are. */
const FORM_PLAIN = /^[\w.*-]*$/;

/** `text` as URLSearchParams writes it; the plain text most values are, without building one. */
function formEncoded(text: string): string {
  return FORM_PLAIN.test(text) ? text : new URLSearchParams([['', text]]).toString().slice(1);
}

/** The requests of one client: its base path and key, and the headers it sends every call. */
export class Requests {
  private readonly basePath: string;
  /** The headers of a request without a body, with the key and without: the same every call. */
  private readonly bodiless: { withKey?: Record<string, string>; withoutKey?: Record<string, string> } = {};

  constructor(
    base: URL,
    private readonly apiKey: string | undefined,
  ) {
    this.basePath = base.pathname.replace(/\/+$/, '');
  }

  /** A request's path and query, as sent. */
  pathOf(spec: Pick<RequestSpec<unknown>, 'path' | 'query'>): string {
    let search = '';
    const query = spec.query ?? {};
    // Not Object.entries: an array of arrays a call, for a query of one or two names.
    for (const name in query) {
      const value = query[name];
      if (value !== undefined)
        search += `${search === '' ? '?' : '&'}${formEncoded(name)}=${formEncoded(String(value))}`;
    }
    return `${this.basePath}${spec.path}${search}`;
  }

  /** An attempt's request, as undici takes it: `path` is pathOf(spec). */
  request(spec: RequestSpec<unknown>, path: string, method: string): Dispatcher.DispatchOptions {
    const payload = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    return {
      path,
      method: method as Dispatcher.HttpMethod,
      headers: this.headersOf(spec, payload),
      body: payload,
      // The attempt's own deadline covers connect to last byte; undici's timers would only
      // repeat it, and each request's is an object kept until undici's next timer tick.
      headersTimeout: 0,
      bodyTimeout: 0,
    };
  }

  /** The headers of a request: made once for every request without a body (undici only reads them). */
  private headersOf(spec: RequestSpec<unknown>, payload: string | undefined): Record<string, string> {
    const withKey = spec.auth && this.apiKey !== undefined;
    if (payload === undefined) {
      const cached = withKey ? this.bodiless.withKey : this.bodiless.withoutKey;
      if (cached !== undefined) return cached;
    }
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'social-cli' };
    if (withKey) headers.authorization = `Bearer ${this.apiKey}`;
    if (payload !== undefined) headers['content-type'] = 'application/json';
    else if (withKey) this.bodiless.withKey = headers;
    else this.bodiless.withoutKey = headers;
    return headers;
  }
}
