import { defineConfig, type Plugin } from "vitest/config";

/**
 * Scripts that run elsewhere (a git shim, …) are files of their own that modules import as text
 * (`import text from "./x.sh" with { type: "text" }`, as Bun and its bundler read them): the same here.
 */
const shellScriptsAsText: Plugin = {
  name: "shell-scripts-as-text",
  transform(code, id) {
    if (id.endsWith(".sh")) return { code: `export default ${JSON.stringify(code)};`, map: null };
  },
};

// Bun lacks IPC ref/unref, so vitest's default `forks` pool cannot run under it: use threads.
export default defineConfig({
  plugins: [shellScriptsAsText],
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
