// undici's two parts the client uses, by their own files: undici's entry point loads all of undici
// as it starts (fetch, WebSocket, the mock agents, the cache stores, every dispatcher), and a run
// would pay for loading what it never calls. These paths are undici's layout, not its API: this
// is the one module that names them, and the build stops if a new undici moves them.

export { default as errors } from 'undici/lib/core/errors.js';
export { default as Pool } from 'undici/lib/dispatcher/pool.js';
