import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Tests sit beside the code they are about; what needs the whole CLI or a whole process is in test/.
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Tests talk real HTTP on loopback and spawn the CLI: keep the 2-core machine responsive.
    maxWorkers: 2,
  },
});
