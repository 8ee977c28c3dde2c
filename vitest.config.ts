import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["core/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "provider/**/*.test.ts", "cli/**/*.test.{ts,tsx}", "app/**/*.test.{ts,tsx}", "tests/api/**/*.test.ts", "tests/cli/**/*.test.ts", "tests/architecture/**/*.test.ts", "bench/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Vitest's default is one fork fewer than the CPUs: one on a 2-CPU machine, which leaves a CPU idle while
    // the main process only collects results. Two forks at least run the suite in about 60% of the time there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The CLI's views are tested with Ink, which draws nothing under CI variables (see cli/ci-mode.ts).
    setupFiles: ["cli/ci-mode.ts"],
    // The tests that run bin/convey.js run the built command line.
    globalSetup: ["tests/cli/build-cli.setup.ts"],
    // `npm test` reports the statement coverage of core/ (the rules) and fails below 95%.
    coverage: {
      provider: "v8",
      include: ["core/**/*.ts"],
      exclude: ["core/**/*.test.ts"],
      reporter: ["text-summary"],
      thresholds: { statements: 95 },
    },
  },
});
