import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests: pure TypeScript in Node (model, solver, stats, data, CLI).
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'forks',
    // One fork per core. Vitest's default for a run is cores − 1, one fork on the 2-core CI
    // machine, where the suite then kept 1.2 of the 2 cores busy (bench/results/suite-time.md).
    poolOptions: { forks: { maxForks: availableParallelism(), minForks: 1 } },
  },
});
