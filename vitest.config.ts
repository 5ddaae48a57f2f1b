import { defineConfig } from "vitest/config";

// Bun lacks IPC ref/unref, so vitest's default `forks` pool cannot run under it: use threads.
export default defineConfig({
  test: {
    pool: "threads",
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // As on a GitHub-hosted runner, git has no identity and no global or system configuration: a
    // developer's ~/.gitconfig must not make a test pass that would fail there.
    env: { GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" },
  },
});
