// The two parts of undici the client uses, by their own paths: undici's entry point loads all of
// undici as it starts (fetch, WebSocket, the mock agents, the cache stores, every dispatcher), and
// a run pays for loading what it never calls. The types are the entry point's (undici ships none
// for its files).
declare module 'undici/lib/dispatcher/pool.js' {
  import { Pool } from 'undici';
  export default Pool;
}
declare module 'undici/lib/core/errors.js' {
  import { errors } from 'undici';
  export default errors;
}
