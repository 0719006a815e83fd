import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Four projects, run together by `vitest run` or one at a time with `--project <name>`.
// The machine has 2 cores: at most 2 files at once. The browser files run after the rest, two at once, each with a
// server of its own (lanes, client/e2e/helpers/global-setup.ts).
export default defineConfig({
  test: {
    passWithNoTests: true,
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server-unit',
          environment: 'node',
          include: ['server/src/**/*.test.ts', 'shared/src/**/*.test.ts'],
          // Pure functions with no mocks and no environment: one worker runs them all rather than one per file.
          isolate: false,
        },
      },
      {
        test: {
          name: 'server-integration',
          environment: 'node',
          include: ['server/test/**/*.test.ts'],
          globalSetup: ['server/test/helpers/global-setup.ts'],
          // Each file migrates its own database and hashes real passwords.
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // A poll ends as soon as its check holds; the 1 s default only ever failed a slow run, never caught a bug.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['client/src/**/*.test.tsx', 'client/src/**/*.test.ts'],
          setupFiles: ['client/vitest.setup.ts'],
        },
      },
      {
        test: {
          name: 'browser',
          environment: 'node',
          include: ['client/e2e/**/*.e2e.ts'],
          globalSetup: ['client/e2e/helpers/global-setup.ts'],
          // After the other projects, so their timed checks (a reset answered at once, equal timings) never share the
          // cores with Chromium; two browser files at once, each on its own lane.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A poll ends as soon as its screen shows; under CI's load a lazy screen took over the 1 s default to appear.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
