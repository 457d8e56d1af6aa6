// Vitest projects: one per package (tests beside the code) and one for the cross-package tests
// in test/. Workspace packages resolve to their TypeScript sources through the `@loupe/source`
// export condition, so tests never run stale builds. Test files run one per core: most of the
// long ones wait on other processes (LibreOffice, Chromium, npm, servers), so Vitest's default of
// one file less than the cores (a single file at a time on two cores) left a core idle: 805 s
// against 1,194 s for the whole suite on the two-core CI machine. No project keeps Vitest's 5 s
// test timeout: a test is judged by what it answers (a core test that takes 2.2 s alone passed 5 s
// once while the CI machine was loaded).
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const conditions = ['@loupe/source', 'import', 'module', 'node', 'default'];
const resolve = { conditions };
const ssr = { resolve: { conditions, externalConditions: conditions } };

export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    projects: [
      { resolve, ssr, test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], testTimeout: 60_000 } },
      { resolve, ssr, test: { name: 'node', include: ['packages/node/src/**/*.test.ts'], testTimeout: 60_000 } },
      { resolve, ssr, test: { name: 'worker', include: ['packages/worker/src/**/*.test.ts'], testTimeout: 60_000 } },
      { resolve, ssr, test: { name: 'cli', include: ['packages/cli/src/**/*.test.ts'], testTimeout: 60_000 } },
      { resolve, ssr, test: { name: 'server', include: ['packages/server/src/**/*.test.ts'], testTimeout: 120_000 } },
      { resolve, ssr, test: { name: 'e2e', include: ['test/**/*.test.ts'], testTimeout: 900_000, hookTimeout: 300_000 } },
    ],
  },
});
