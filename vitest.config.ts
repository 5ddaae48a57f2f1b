import { defineConfig } from "vitest/config";

// Bun lacks IPC ref/unref, so vitest's default `forks` pool cannot run under it: use threads.
export default defineConfig({
  test: {
    pool: "threads",
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
