import { describe, expect, it } from "vitest";
import { commitFile, git } from "../support/git-repo.ts";
import { issueOpenedPayload } from "../support/payloads.ts";
import { OWNER, REPO, sessionLines, useWorld } from "./support.ts";

const world = useWorld();

/** A pull request from branch `ref` of origin, and an issue asking to work on it. */
async function pullRequestAndIssue(ref: string) {
  const author = await world.repo.clone(`author-${ref}`);
  await git(author, "checkout", "-q", "-b", ref);
  const head = await commitFile(author, `${ref}.txt`, `${ref}\n`, `Start ${ref}`);
  await git(author, "push", "-q", "origin", ref);
  const pr = world.gh.createPullRequest({ title: `Work on ${ref}`, user: "alice", head: { ref, sha: head } });
  const issue = world.gh.createIssue({
    title: `Finish PR #${pr.number}`,
    body: "Please fix the README there.",
    user: "alice",
  });
  return { pr, issue };
}

/** A bash command that edits PR #n's worktree, found the way the model would: through git. */
const editWorktree = (n: number, line: string) =>
  `cd "$(git worktree list --porcelain | sed -n 's|^worktree \\(.*/pr-${n}\\)$|\\1|p')" && echo "${line}" >> README.md && id -un`;

describe("the github tool in a run", () => {
  it("reads an issue, is denied a cross-repository comment, and audits both", async () => {
    const other = world.gh.createIssue({
      title: "Related bug",
      body: "The parser crashes on empty input.",
      user: "alice",
    });
    const issue = world.gh.createIssue({
      title: "Look at the related bug",
      body: `See #${other.number}`,
      user: "alice",
    });
    world.model.script([
      { toolCalls: [{ name: "github", input: { op: "issue_view", issue: String(other.number) } }] },
      { toolCalls: [{ name: "github", input: { op: "comment", repo: "someone/else", issue: "1", body: "spam" } }] },
      { text: "The related bug is about the parser." },
    ]);
    const before = world.gh.requests.length;
    const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }));
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);

    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`));
    const lines = sessionLines(await world.onOrigin(mapping.sessionPath));
    const results = lines
      .filter((l) => l.type === "message" && (l.message as { role: string }).role === "toolResult")
      .map((l) => l.message as { isError: boolean; content: { text: string }[] });
    expect(results[0]!.isError).toBe(false);
    expect(results[0]!.content[0]!.text).toMatch(/^\[github [^\]]+ issue_view read ok [\d.]+K?B\]/);
    expect(results[0]!.content[0]!.text).toContain("The parser crashes on empty input.");
    expect(results[1]!.isError).toBe(true);
    expect(results[1]!.content[0]!.text).toMatch(/denied/i);
    // The denied call never reached the API.
    expect(world.gh.requests.slice(before).some((r) => r.path.includes("someone/else"))).toBe(false);

    const audits = lines
      .filter((l) => l.type === "custom" && l.customType === "gitclaw.github_audit")
      .map((l) => l.data as Record<string, unknown>);
    expect(audits.map((a) => [a.op, a.class, a.decision])).toEqual([
      ["issue_view", "read", "allowed"],
      ["comment", "write", "denied"],
    ]);
    expect(JSON.stringify(audits)).not.toContain("spam");
    const summary = run.summary;
    expect(summary).toMatch(/### github tool calls/);
    expect(summary).toMatch(/\| comment \| write \| denied \|/);
  });

  it("checks a PR out, edits it as the tool user, and pr_push lands the change on the PR branch as the bot", async () => {
    const { pr, issue } = await pullRequestAndIssue("readme-fix");
    world.model.script([
      { toolCalls: [{ name: "github", input: { op: "pr_checkout", pr: pr.number } }] },
      { toolCalls: [{ name: "bash", input: { command: editWorktree(pr.number, "Fixed in the PR.") } }] },
      {
        toolCalls: [{ name: "github", input: { op: "pr_push", branch: `pr-${pr.number}`, message: "Fix the README" } }],
      },
      { text: "Pushed the fix to the PR." },
    ]);
    const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }));
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);

    const log = await world.repo.originGit("log", "-1", "--format=%an%n%B", "readme-fix");
    const alice = world.gh.issue(issue.number).user!.id;
    expect(log).toMatch(
      new RegExp(
        `^gitclaw\\[bot\\]\nFix the README\n\nRun: \\S+/actions/runs/\\d+\n\nCo-authored-by: alice <${alice}\\+alice@users\\.noreply\\.github\\.com>$`,
      ),
    );
    expect(await world.repo.originGit("show", "readme-fix:README.md")).toBe("# widgets\nFixed in the PR.");
    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`));
    const texts = sessionLines(await world.onOrigin(mapping.sessionPath))
      .filter((l) => l.type === "message" && (l.message as { role: string }).role === "toolResult")
      .map((l) => (l.message as { content: { text: string }[] }).content[0]!.text);
    expect(texts[1]).toContain("gitclaw-tool");
    expect(texts[2]).toMatch(/- Committed 1 changed file as gitclaw\[bot\]/);
    expect(run.logs).not.toContain("PR worktree discarded");
  });

  it("reports a PR worktree left with changes never pushed, in the log, the session and the reply", async () => {
    const { pr, issue } = await pullRequestAndIssue("left-behind");
    world.model.script([
      { toolCalls: [{ name: "github", input: { op: "pr_checkout", pr: pr.number } }] },
      { toolCalls: [{ name: "bash", input: { command: editWorktree(pr.number, "Never pushed.") } }] },
      { text: "Done (but I forgot to push)." },
    ]);
    const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }));
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(run.logs).toMatch(
      new RegExp(`PR worktree discarded: pr-${pr.number} \\(\\S+\\): 1 changed file never pushed with pr_push`),
    );
    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`));
    const notes = sessionLines(await world.onOrigin(mapping.sessionPath)).filter(
      (l) => l.customType === "gitclaw.worktrees_discarded",
    );
    expect(notes).toHaveLength(1);
    expect(world.gh.comments(issue.number).at(-1)!.body).toContain(
      "Pull request worktrees were discarded with work never pushed",
    );
    expect(await world.repo.originGit("show", "left-behind:README.md")).toBe("# widgets");
  });
});
