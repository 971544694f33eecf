// node-postgres, its URL parser and its ~/.pgpass reader, behind named exports: the CLI build keeps
// them in a bundle of their own (dist/vendor-pg.cjs), loaded only when the store's URL says postgres.
export { default as pg } from 'pg';
export { parseIntoClientConfig } from 'pg-connection-string';
export { default as pgpass } from 'pgpass';
