// "Values from outside never reach git as options": a branch name from the event payload (or the
// configuration) shaped like `--upload-pack=<command>` is refused, with a message, before git sees it.
import { chmodSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/config.ts";
import { issueOpenedPayload } from "../support/payloads.ts";
import { OWNER, REPO, createWorld, type World } from "../e2e/support.ts";

let world: World;
beforeAll(async () => {
  world = await createWorld();
  world.gh.addUser({ login: "alice", permission: "write" });
});
afterAll(() => world.stop());

describe("a branch name that git would read as an option", () => {
  it("from the event's repository.default_branch: refused, nothing executed, the issue told why", async () => {
    const marks = mkdtempSync(join(tmpdir(), "gitclaw-marks-"));
    chmodSync(marks, 0o777);
    const issue = world.gh.createIssue({ title: "Injected branch", body: "hello", user: "alice" });
    const hostile = `--upload-pack=touch ${marks}/pwned;true`;
    const payload = issueOpenedPayload({ owner: OWNER, repo: REPO, issue, defaultBranch: hostile });
    world.model.script([{ text: "Hello." }]);
    // The agent stage as it runs on a checkout of the real default branch (the workflow's checkout
    // step would already refuse such a ref).
    const workspace = await world.checkout();
    const run = await world.run("issues", payload, { workspace, only: ["agent"] });
    expect(run.stages.agent!.exitCode).toBe(1);
    expect(run.logs).toMatch(/\(the event's repository\.default_branch\) is not a valid branch name/);
    expect(readdirSync(marks)).toEqual([]);
    expect(world.gh.comments(issue.number).at(-1)!.body).toMatch(
      /gitclaw could not run:[\s\S]*is not a valid branch name/,
    );
  });

  it("from git.branch in the configuration: refused when the configuration is read", () => {
    expect(() => parseConfig({ git: { branch: "--upload-pack=touch /tmp/x" } })).toThrow(
      /"git\.branch" \(found "--upload-pack=touch \/tmp\/x"\): expected a branch name/,
    );
  });
});
