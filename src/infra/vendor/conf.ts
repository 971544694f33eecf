// conf, behind a named export: the CLI build keeps it (and ajv) in a bundle of its own
// (dist/vendor-conf.cjs), loaded only to write settings.
export { default as Conf } from 'conf';
