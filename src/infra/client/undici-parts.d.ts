// The two parts of undici the client loads by their paths (see http.ts): their types are those of
// undici's entry point, which re-exports them as they are.
declare module 'undici/lib/dispatcher/pool.js' {
  import { Pool } from 'undici';
  export = Pool;
}
declare module 'undici/lib/core/errors.js' {
  import { errors } from 'undici';
  export = errors;
}
