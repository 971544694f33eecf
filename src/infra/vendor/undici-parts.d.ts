// The types of the two files of undici that undici.ts names (undici ships none for its files):
// the entry point's own.
declare module 'undici/lib/dispatcher/pool.js' {
  import { Pool } from 'undici';
  export default Pool;
}
declare module 'undici/lib/core/errors.js' {
  import { errors } from 'undici';
  export default errors;
}
