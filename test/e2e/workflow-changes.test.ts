// Workflow-file changes delivered, not dropped: a scripted run changes a source file and workflow
// files, against an origin served over HTTP that, like github.com, refuses a push changing
// .github/workflows/ unless its token has the `workflows` permission. Without workflows_token the
// rest is pushed and the workflow changes arrive as a committed patch that applies on a fresh clone;
// with it they are pushed; with a token lacking the permission they fall back to the patch; and where
// .github/workflows/ is protected they are refused, not delivered.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findLeaks } from "../security/leaks.ts";
import { SECRETS } from "../security/support.ts";
import { toolResultTexts, type ScriptedTurn } from "../support/fake-model.ts";
import { serveGitOverHttp, type GitHttpServer } from "../support/git-http.ts";
import { commitFile, git } from "../support/git-repo.ts";
import { issueOpenedPayload } from "../support/payloads.ts";
import { WORKFLOW_FILE } from "../support/workflow.ts";
import { OWNER, REPO, TOKEN, checkoutWithConfig, createWorld, sessionLines, type World } from "./support.ts";

/** A token that may push workflow files, and one that may not; neither is token-shaped, so only their values redact them. */
const WORKFLOWS_TOKEN = "wf-token-not-real-0123456789abcdef";
const WEAK_TOKEN = "weak-token-not-real-0123456789abcdef";
const CI = "name: ci\non: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: bun test\n";

let world: World;
let http: GitHttpServer;
/** This repository's workflow, passing workflows_token from a secret as a user would add it. */
let withWorkflowsToken: string;

beforeAll(async () => {
  world = await createWorld({ "src/app.ts": "export const version = 1;\n", ".github/workflows/ci.yml": CI });
  world.gh.addUser({ login: "alice", permission: "write" });
  http = serveGitOverHttp(world.repo.origin, {
    [TOKEN]: { workflows: false },
    [WORKFLOWS_TOKEN]: { workflows: true },
    [WEAK_TOKEN]: { workflows: false },
  });
  const line = "          anthropic_api_key: ${{ secrets.ANTHROPIC_API_KEY }}\n";
  const text = readFileSync(WORKFLOW_FILE, "utf8");
  expect(text).toContain(line);
  withWorkflowsToken = join(world.repo.root, "gitclaw-with-workflows-token.yml");
  writeFileSync(
    withWorkflowsToken,
    text.replace(line, `${line}          workflows_token: \${{ secrets.WORKFLOWS_TOKEN }}\n`),
  );
});
afterAll(async () => {
  http.stop();
  await world.stop();
});

/** The agent changes the source, edits a workflow and adds one, then answers. */
function scriptWorkflowEdits(version: number, answer: string) {
  const command = [
    `sed -i 's/version = [0-9]*/version = ${version}/' src/app.ts`,
    "sed -i 's/on: push/on: [push, pull_request]/' .github/workflows/ci.yml",
    `printf 'name: lint\\non: push\\njobs: {}\\n# run ${version}\\n' > .github/workflows/lint.yml`,
    "env",
  ].join(" && ");
  world.model.script([{ toolCalls: [{ name: "bash", input: { command } }] }, { text: answer }]);
}

async function runIssue(title: string, extra: Parameters<World["run"]>[2] = {}) {
  const issue = world.gh.createIssue({ title, body: "Please.", user: "alice" });
  const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }), {
    origin: http.url,
    ...extra,
  });
  expect(run.stages.agent!.exitCode, run.logs).toBe(0);
  return { run, issue, reply: world.gh.comments(issue.number).at(-1)!.body };
}

const patchFiles = async () =>
  (await world.repo.originGit("ls-tree", "-r", "--name-only", "main", "state/patches")).split("\n").filter(Boolean);

describe("workflow-file changes", () => {
  it("without workflows_token: the rest is pushed, the workflow changes arrive as a patch that applies", async () => {
    scriptWorkflowEdits(2, "Bumped the version; CI now runs on pull requests too.");
    const { issue, reply } = await runIssue("Bump the version, run CI on PRs");

    expect(await world.onOrigin("src/app.ts")).toBe("export const version = 2;\n");
    expect(await world.onOrigin(".github/workflows/ci.yml")).toBe(CI);
    await expect(world.onOrigin(".github/workflows/lint.yml")).rejects.toThrow();
    // Never even tried: the push carried no workflow change for GitHub to refuse.
    expect(http.refusals()).toEqual([]);

    const [file, ...others] = await patchFiles();
    expect(others).toEqual([]);
    const head = (await world.repo.originGit("rev-parse", "--short=12", "main~1")).trim();
    expect(file).toBe(`state/patches/${issue.number}-${head}.patch`);
    const patch = await world.onOrigin(file!);
    expect(reply).toContain(
      "The changes to `.github/workflows/ci.yml`, `.github/workflows/lint.yml` were not pushed: the workflow's " +
        "token cannot push workflow files (GitHub wants the `workflows` permission for them;",
    );
    expect(reply).toContain(`> \`\`\`sh\n> git apply ${file}\n> \`\`\``);
    expect(reply).toContain(`<details><summary>The patch (${file}, `);
    expect(reply).toContain(`\`\`\`diff\n${patch.trimEnd()}\n\`\`\``);

    const fresh = await world.repo.clone("fresh-after-patch");
    await git(fresh, "apply", file!);
    expect(readFileSync(join(fresh, ".github/workflows/ci.yml"), "utf8")).toBe(
      CI.replace("on: push", "on: [push, pull_request]"),
    );
    expect(readFileSync(join(fresh, ".github/workflows/lint.yml"), "utf8")).toBe(
      "name: lint\non: push\njobs: {}\n# run 2\n",
    );
    expect(await git(fresh, "status", "--porcelain")).toBe("M .github/workflows/ci.yml\n?? .github/workflows/lint.yml");
  });

  it("tells the model the workflow files will be given to the people as a patch", () => {
    const system = JSON.stringify(world.model.requests.at(-1)!.body);
    expect(system).toContain("Changes to .github/workflows/ are not pushed but given to the people as a patch.");
  });

  it("with workflows_token: everything is pushed, with that token, and the token leaks nowhere", async () => {
    const since = { modelRequests: world.model.requests.length, githubRequests: world.gh.requests.length };
    const patchesBefore = await patchFiles();
    scriptWorkflowEdits(3, "Bumped again.");
    const { run, reply } = await runIssue("Bump once more", {
      workflowFile: withWorkflowsToken,
      secrets: { WORKFLOWS_TOKEN: WORKFLOWS_TOKEN },
    });

    expect(await world.onOrigin("src/app.ts")).toBe("export const version = 3;\n");
    expect(await world.onOrigin(".github/workflows/ci.yml")).toBe(CI.replace("on: push", "on: [push, pull_request]"));
    expect(await world.onOrigin(".github/workflows/lint.yml")).toBe("name: lint\non: push\njobs: {}\n# run 3\n");
    expect(await patchFiles()).toEqual(patchesBefore);
    expect(http.refusals()).toEqual([]);
    expect(reply).toContain(
      "The changes to `.github/workflows/ci.yml`, `.github/workflows/lint.yml` were pushed with `workflows_token`.",
    );
    expect(JSON.stringify(world.model.requests.at(-1)!.body)).not.toContain("given to the people as a patch");

    const secrets = [...SECRETS, { name: "workflows_token", value: WORKFLOWS_TOKEN }];
    const scene = { world, workspace: run.workspace, runnerTemp: run.runnerTemp, logs: run.logs, since };
    expect(await findLeaks(scene, secrets)).toEqual([]);
  });

  it("with a workflows_token GitHub refuses: the rest is still pushed and the changes delivered as a patch", async () => {
    const patchesBefore = await patchFiles();
    scriptWorkflowEdits(4, "Bumped a fourth time.");
    const { reply } = await runIssue("Bump a fourth time", {
      workflowFile: withWorkflowsToken,
      secrets: { WORKFLOWS_TOKEN: WEAK_TOKEN },
    });

    // GitHub refused the branch, then gitclaw/issue-<n>, where the work goes after a refusal.
    const refusal =
      "refusing to allow a GitHub App to create or update workflow `.github/workflows/lint.yml` without `workflows` permission";
    expect(http.refusals()).toEqual([refusal, refusal]);
    expect(await world.onOrigin("src/app.ts")).toBe("export const version = 4;\n");
    expect(await world.onOrigin(".github/workflows/lint.yml")).toBe("name: lint\non: push\njobs: {}\n# run 3\n");
    const added = (await patchFiles()).filter((file) => !patchesBefore.includes(file));
    expect(added).toHaveLength(1);
    expect(reply).toContain(
      `The changes to \`.github/workflows/lint.yml\` were not pushed: \`workflows_token\` could not push them (${refusal}).`,
    );
    expect(reply).toContain(`git apply ${added[0]}`);
    expect(await world.onOrigin(added[0]!)).toContain("+# run 4");
  });

  it("pr_push, which pushes with the job's token, refuses a workflow change in a pull request's worktree", async () => {
    const author = await world.repo.clone("author-feature");
    await git(author, "checkout", "-q", "-b", "feature");
    const head = await commitFile(author, "feature.txt", "feature\n", "Start the feature");
    await git(author, "push", "-q", "origin", "feature");
    const pr = world.gh.createPullRequest({ title: "Feature", user: "alice", head: { ref: "feature", sha: head } });
    const edit = `cd "$(git worktree list --porcelain | sed -n 's|^worktree \\(.*/pr-${pr.number}\\)$|\\1|p')" && echo 'on: pull_request' > .github/workflows/ci.yml`;
    world.model.script([
      { toolCalls: [{ name: "github", input: { op: "pr_checkout", pr: pr.number } }] },
      { toolCalls: [{ name: "bash", input: { command: edit } }] },
      { toolCalls: [{ name: "github", input: { op: "pr_push", branch: `pr-${pr.number}` } }] },
      { text: "Could not push the workflow change." },
    ]);
    const { issue } = await runIssue(`Run CI of PR #${pr.number} on pull requests`);

    expect(await world.repo.originGit("rev-parse", "feature")).toBe(head);
    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`));
    const pushed = sessionLines(await world.onOrigin(mapping.sessionPath))
      .filter((l) => l.type === "message" && (l.message as { role: string }).role === "toolResult")
      .map((l) => (l.message as { content: { text: string }[] }).content[0]!.text)
      .at(-1);
    expect(pushed).toContain(".github/workflows/ci.yml is a protected path");
  });

  it("where .github/workflows/ is protected, the change is refused and not delivered", async () => {
    const workspace = await checkoutWithConfig(world, { protectedPaths: [".github/workflows/"] });
    const patchesBefore = await patchFiles();
    scriptWorkflowEdits(5, "Tried.");
    const { reply } = await runIssue("Bump a fifth time", { workspace });

    expect(await world.onOrigin("src/app.ts")).toBe("export const version = 5;\n");
    expect(await world.onOrigin(".github/workflows/lint.yml")).toBe("name: lint\non: push\njobs: {}\n# run 3\n");
    expect(await patchFiles()).toEqual(patchesBefore);
    expect(reply).toContain("Changes to protected paths were not committed: `.github/workflows/lint.yml`.");
    expect(reply).not.toContain("git apply");
    const log = await execa("git", ["log", "-1", "--name-only", "--format=", "main"], { cwd: world.repo.origin });
    expect(String(log.stdout)).not.toContain("state/patches/");
  });
});

describe("workflow changes committed during the run, and a push the remote refuses", () => {
  const call = (name: string, input: unknown) => ({ name, input });

  /** A task briefed `brief` that runs `command` and commits; its parent applies it, then goes on with `then`. */
  function scriptTaskThatCommits(brief: string, command: string, message: string, then: ScriptedTurn[]) {
    world.model.scriptFor(brief, [
      { toolCalls: [call("bash", { command }), call("commit", { message })] },
      { toolCalls: [call("agent_report", { reportMarkdown: "Done.", title: message.split("\n")[0] })] },
    ]);
    world.model.script([
      { toolCalls: [call("task", { title: "ci", prompt: `${brief}.` })] },
      (request) => {
        const id = /"taskId": "(t[0-9a-f]{8})"/.exec(toolResultTexts(request.body).join("\n"))?.[1];
        return { toolCalls: [call("task_apply_git_patch", { task_id: id })] };
      },
      ...then,
    ]);
  }

  it("a task's workflow change applied with git am is held back as a patch; the rest and the conversation land", async () => {
    const workspace = await checkoutWithConfig(world, { tasks: { enabled: true } });
    const ciBefore = await world.onOrigin(".github/workflows/ci.yml");
    const patchesBefore = await patchFiles();
    const refusalsBefore = http.refusals().length;
    const command =
      "echo '# tuned by a task' >> .github/workflows/ci.yml && mkdir -p docs && echo 'CI is tuned.' > docs/ci.md";
    scriptTaskThatCommits("Tune the CI workflow", command, "Tune CI\n\nAnd say so in the docs.", [
      { toolCalls: [call("write", { path: "src/app.ts", content: "export const version = 6;\n" })] },
      { text: "Applied the task's CI change." },
    ]);
    const { issue, reply } = await runIssue("Tune CI with a task", { workspace });

    expect(http.refusals()).toHaveLength(refusalsBefore);
    expect(await world.onOrigin(".github/workflows/ci.yml")).toBe(ciBefore);
    expect(await world.onOrigin("src/app.ts")).toBe("export const version = 6;\n");
    expect(await world.onOrigin("docs/ci.md")).toBe("CI is tuned.\n");
    const tuned = await world.repo.originGit("log", "-1", "--format=%s", "main", "--", "docs/ci.md");
    expect(tuned).toBe("Tune CI");
    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`)) as { sessionPath: string };
    expect(await world.onOrigin(mapping.sessionPath)).toContain("Applied the task's CI change.");
    const [patch, ...others] = (await patchFiles()).filter((file) => !patchesBefore.includes(file));
    expect(others).toEqual([]);
    expect(await world.onOrigin(patch!)).toContain("+# tuned by a task");
    expect(reply).toContain("The changes to `.github/workflows/ci.yml` were not pushed");
    expect(reply).toContain(`git apply ${patch}`);
  });

  it("with workflows_token, a task's committed workflow change is pushed with that token", async () => {
    const refusalsBefore = http.refusals().length;
    const command = "echo '# tuned again' >> .github/workflows/ci.yml";
    scriptTaskThatCommits("Retune the workflow for CI", command, "Tune CI again", [{ text: "Applied it." }]);
    const { reply } = await runIssue("Tune CI again with a task", {
      workflowFile: withWorkflowsToken,
      secrets: { WORKFLOWS_TOKEN: WORKFLOWS_TOKEN },
    });
    expect(http.refusals()).toHaveLength(refusalsBefore);
    expect(await world.onOrigin(".github/workflows/ci.yml"), reply).toMatch(/# tuned again\n$/);
    expect(reply).toContain("The changes to `.github/workflows/ci.yml` were pushed with `workflows_token`.");
  });

  it("a push the remote refuses for good still lands the conversation, and the reply says what was not pushed", async () => {
    // GitHub refuses a file over 100 MB whole; a hook stands in for that rule here.
    const hooks = join(world.repo.origin, "hooks");
    renameSync(join(hooks, "pre-receive"), join(hooks, "pre-receive.workflows"));
    writeFileSync(join(hooks, "pre-receive"), LARGE_FILES_HOOK, { mode: 0o755 });
    try {
      world.model.script([
        { toolCalls: [call("bash", { command: "echo 'pretend this is 200 MB' > huge.bin" })] },
        { text: "Added the data file." },
      ]);
      const issue = world.gh.createIssue({ title: "Add the data file", body: "Please.", user: "alice" });
      const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }), {
        origin: http.url,
      });
      expect(run.stages.agent!.exitCode).toBe(1);
      await expect(world.onOrigin("huge.bin")).rejects.toThrow();
      const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`)) as { sessionPath: string };
      expect(await world.onOrigin(mapping.sessionPath)).toContain("Added the data file.");
      const reply = world.gh.comments(issue.number).at(-1)!.body;
      expect(reply).toContain("> The changes could not be pushed: ");
      expect(reply).toContain("GH001: Large files detected");
      expect(reply).toContain("The conversation was saved on its own; the changes are not on any branch.");
    } finally {
      renameSync(join(hooks, "pre-receive.workflows"), join(hooks, "pre-receive"));
    }
  });
});

/** GitHub's refusal of large files, for any commit holding huge.bin; then the workflow rule as before. */
const LARGE_FILES_HOOK = `#!/bin/sh
input=$(cat)
zero=0000000000000000000000000000000000000000
echo "$input" | while read old new ref; do
  [ "$new" = $zero ] && continue
  if [ "$old" = $zero ]; then range="$new --not --all"; else range="$old..$new"; fi
  for commit in $(git rev-list $range); do
    if git diff-tree --no-commit-id --name-only -r --root "$commit" | grep -qx huge.bin; then
      echo "GH001: Large files detected. You may want to try Git Large File Storage." >&2
      exit 1
    fi
  done
done || exit 1
echo "$input" | "$(dirname "$0")/pre-receive.workflows"
`;
