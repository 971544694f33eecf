// What the CLI uses of the sandbox, from one module: the CLI build keeps the sandbox in a bundle of
// its own (dist/sandbox.cjs), loaded only by `social sandbox` and --sandbox.

export { DEMO_KEYS } from '../domain/demo-keys.js';
export { parseFaults } from './faults.js';
export type { Sandbox, SandboxOptions, Served } from './server.js';
export { startSandbox } from './server.js';
