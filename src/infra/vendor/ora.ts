// ora, behind a named export: the CLI build keeps it (and its spinner catalogue) in a bundle of
// its own (dist/vendor-ora.cjs), loaded only when a wait at a terminal lasts long enough to show one.
export { default as ora } from 'ora';
