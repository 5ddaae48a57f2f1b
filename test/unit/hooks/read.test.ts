// The repository's hooks read from a commit's git objects: Copilot's format checked by its schema,
// each command with its defaults, and what does not run left out with why (not JSON, an unknown
// event, powershell alone, a cwd outside the repository, over a bound, Claude Code's settings).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGit } from "../../../src/git/git.ts";
import { HOOK_LIMITS, readHooks, type RepositoryHooks } from "../../../src/hooks/read.ts";
import { createTempRepo, type TempRepo } from "../../support/git-repo.ts";

const command = (bash: string, more: object = {}) => ({ type: "command", bash, ...more });
const file = (hooks: object) => JSON.stringify({ version: 1, hooks });

let repo: TempRepo;
let loaded: RepositoryHooks;
beforeAll(async () => {
  const many = Array.from({ length: HOOK_LIMITS.count }, (_, i) => command(`echo ${i}`));
  repo = await createTempRepo({
    ".github/hooks/a.json": file({
      preToolUse: [command("./guard.sh", { cwd: "tools/", env: { MODE: "strict" }, timeoutSec: 5, comment: "x" })],
      agentStop: [command("./stop.sh")],
      subagentStop: [command("true")],
    }),
    ".github/hooks/b.json": file({ sessionEnd: [{ type: "command", powershell: "./end.ps1" }] }),
    ".github/hooks/c.json": file({ postToolUse: [command("true", { cwd: "../elsewhere" })] }),
    ".github/hooks/d.json": "{ not json",
    ".github/hooks/e.json": file({ postToolUse: many }),
    ".github/hooks/nested/f.json": file({ preToolUse: [command("false")] }),
    ".github/hooks/notes.md": "Not a hook file.\n",
    ".claude/settings.json": JSON.stringify({ hooks: { PreToolUse: [], Stop: [] }, permissions: {} }),
  });
  loaded = await readHooks(createGit(repo.dir), { branch: "main", commit: await repo.git("rev-parse", "HEAD") });
});
afterAll(() => repo.cleanup());

describe("readHooks", () => {
  it("reads each command of .github/hooks/*.json with Copilot's defaults, up to the bound", () => {
    expect(loaded.hooks[0]).toEqual({
      event: "preToolUse",
      bash: "./guard.sh",
      cwd: "tools",
      env: { MODE: "strict" },
      timeoutSec: 5,
      source: ".github/hooks/a.json#preToolUse[0]",
    });
    expect(loaded.hooks[1]).toEqual({
      event: "agentStop",
      bash: "./stop.sh",
      cwd: ".",
      env: {},
      timeoutSec: 30,
      source: ".github/hooks/a.json#agentStop[0]",
    });
    expect(loaded.hooks).toHaveLength(HOOK_LIMITS.count);
    expect(loaded.hooks.map((hook) => hook.source)).not.toContain(".github/hooks/nested/f.json#preToolUse[0]");
  });

  it("leaves out, with why, what it cannot run", () => {
    expect(loaded.leftOut).toEqual([
      {
        path: ".github/hooks/a.json#subagentStop",
        reason:
          "not an event gitclaw runs (sessionStart, userPromptSubmitted, preToolUse, postToolUse, agentStop, sessionEnd, errorOccurred)",
      },
      {
        path: ".github/hooks/b.json",
        reason:
          'b.json: "hooks.sessionEnd.0.bash": a bash command is needed (gitclaw runs on Linux: powershell alone is not run)',
      },
      { path: ".github/hooks/c.json#postToolUse[0]", reason: "its cwd ../elsewhere is outside the repository" },
      { path: ".github/hooks/d.json", reason: expect.stringMatching(/^not JSON: /) },
      { path: ".github/hooks/e.json#postToolUse[30]", reason: `more than ${HOOK_LIMITS.count} hooks` },
      { path: ".github/hooks/e.json#postToolUse[31]", reason: `more than ${HOOK_LIMITS.count} hooks` },
      { path: ".claude/settings.json#PreToolUse", reason: expect.stringMatching(/^Claude Code's hooks are not run/) },
      { path: ".claude/settings.json#Stop", reason: expect.stringMatching(/^Claude Code's hooks are not run/) },
    ]);
  });
});
