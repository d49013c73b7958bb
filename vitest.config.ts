import { defineConfig } from 'vitest/config';

// Unit tests: pure TypeScript in Node (model, solver, stats, data, CLI).
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'forks',
  },
});
