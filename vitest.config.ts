import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Tests of one command or of the sandbox sit beside its code; what spans them is in test/.
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Tests talk real HTTP on loopback and spawn the CLI: keep the 2-core machine responsive.
    maxWorkers: 2,
  },
});
