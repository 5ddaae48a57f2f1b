// "What the agent commits never runs with the secrets": code and runtime configuration a run commits
// (a tsconfig.json `paths` redirect, a bunfig.toml preload, package.json scripts, .npmrc, copies of
// gitclaw's own files in the checkout) are in the checkout the next job starts from. The stages run
// from the action's own bundle and directory, so none of it runs there, protected path or not.
import { chmodSync, existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueCommentCreatedPayload, issueOpenedPayload } from "../support/payloads.ts";
import { OWNER, REPO, checkoutWithConfig, createWorld, type World } from "../e2e/support.ts";

let world: World;
let marks: string;
const target = { owner: OWNER, repo: REPO };

beforeAll(async () => {
  world = await createWorld();
  world.gh.addUser({ login: "alice", permission: "write" });
  marks = mkdtempSync(join(tmpdir(), "gitclaw-marks-"));
  chmodSync(marks, 0o777);
});
afterAll(() => world.stop());

/** Code that, wherever it runs, leaves a file saying where and with which secrets in reach. */
const payload = (name: string) =>
  `require("node:fs").writeFileSync(${JSON.stringify(marks)} + "/${name}-" + process.pid, Object.keys(process.env).filter((k) => /TOKEN|KEY/.test(k)).join(","));\n`;

describe("a run that commits code and configuration for the next job", () => {
  it("does not get it executed by the next run's stages", async () => {
    // Nothing but the workflows protected: the defence must not depend on the list.
    const workspace = await checkoutWithConfig(world, { protectedPaths: [".github/workflows/"] });
    const issue = world.gh.createIssue({ title: "Prepare the next job", body: "set things up", user: "alice" });
    const files: Record<string, string> = {
      "evil.ts": payload("preload"),
      "bunfig.toml": 'preload = ["./evil.ts"]\n',
      "tsconfig.json": JSON.stringify({
        compilerOptions: { paths: { execa: ["./evil.ts"], zod: ["./evil.ts"], "@octokit/rest": ["./evil.ts"] } },
      }),
      "package.json": JSON.stringify({
        name: "widgets",
        scripts: { preinstall: "node evil.ts", postinstall: "node evil.ts", test: "node evil.ts" },
      }),
      ".npmrc": "ignore-scripts=false\n",
      // Where a copy-installed gitclaw kept its stages and library, and this repository its bundle.
      "lifecycle/GITCLAW-AGENT.ts": payload("lifecycle"),
      "src/actions/log.ts": payload("src"),
      "dist/GITCLAW-AGENT.js": payload("dist"),
      "dist/GITCLAW-ENABLED.js": payload("dist"),
      "dist/GITCLAW-INDICATOR.js": payload("dist"),
      "node_modules/execa/index.js": payload("node_modules"),
    };
    world.model.script([
      { toolCalls: Object.entries(files).map(([path, content]) => ({ name: "write", input: { path, content } })) },
      { text: "Prepared." },
    ]);
    const first = await world.run("issues", issueOpenedPayload({ ...target, issue }), { workspace });
    expect(first.stages.agent!.exitCode, first.logs).toBe(0);
    for (const path of Object.keys(files)) expect(await world.onOrigin(path), path).toBe(files[path]);

    // The next job: a fresh checkout of what run 1 pushed, every stage run as the workflow runs it.
    const comment = world.gh.addComment(issue.number, { body: "thanks, go on", user: "alice" });
    world.model.script([{ text: "Going on." }]);
    const second = await world.run(
      "issue_comment",
      issueCommentCreatedPayload({ ...target, issue: world.gh.issue(issue.number), comment }),
    );
    expect(second.proceed).toBe(true);
    expect(second.stages.agent!.exitCode, second.logs).toBe(0);
    expect(second.stages.cleanup!.exitCode, second.logs).toBe(0);
    expect(existsSync(join(second.workspace, "bunfig.toml"))).toBe(true);
    expect(readdirSync(marks)).toEqual([]);
    expect(world.gh.comments(issue.number).at(-1)!.body).toContain("Going on.");
  });
});
