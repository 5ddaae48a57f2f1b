// pr_review through the real agent stage: a scripted model reviews a pull request whose branch was
// pushed with real git (the emulator serves that branch's patch), is told which comment is outside the
// diff, and posts one batched review with the comments corrected.
import { describe, expect, it } from "vitest";
import { REPLY_MARKER } from "../../src/github/marker.ts";
import { commitFile, git } from "../support/git-repo.ts";
import { issueOpenedPayload } from "../support/payloads.ts";
import { OWNER, REPO, sessionLines, TOKEN, useWorld } from "./support.ts";

const world = useWorld();

/** GitHub's answer to a GET, as the emulator gives it to anyone holding the token. */
async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${world.gh.url}/repos/${OWNER}/${REPO}${path}`, {
    headers: { authorization: `token ${TOKEN}` },
  });
  return (await response.json()) as T;
}

/** A branch changing README.md, pushed to origin, and its pull request with the files endpoint's patch. */
async function pullRequest(ref: string) {
  const author = await world.repo.clone(`author-${ref}`);
  await git(author, "checkout", "-q", "-b", ref);
  const readme = ["# widgets", "", "Install with bun.", "Run the tests.", "Read the docs.", ""].join("\n");
  const head = await commitFile(author, "README.md", readme, "Document the basics");
  await git(author, "push", "-q", "origin", ref);
  const diff = await git(author, "diff", "origin/main", ref, "--", "README.md");
  const patch = diff.slice(diff.indexOf("@@"));
  return world.gh.createPullRequest({
    title: "Document the basics",
    user: "alice",
    head: { ref, sha: head },
    files: [{ filename: "README.md", status: "modified", additions: 5, deletions: 0, patch }],
  });
}

describe("pr_review in a run", () => {
  it("is told which comment is outside the diff, then posts one review with every comment", async () => {
    const pr = await pullRequest("docs");
    const issue = world.gh.createIssue({ title: `Review PR #${pr.number}`, body: "Please review it.", user: "alice" });
    const review = (line: number) => ({
      op: "pr_review",
      pr: pr.number,
      event: "REQUEST_CHANGES",
      body: "Two things before this goes in.",
      inline: [
        { path: "README.md", line, body: `Say which version (and never paste ${TOKEN}).` },
        {
          path: "README.md",
          start_line: 4,
          line: 5,
          body: "Link them:",
          suggestion: "Run `bun run test`.\nRead docs/.",
        },
      ],
    });
    world.model.script([
      { toolCalls: [{ name: "github", input: review(40) }] },
      { toolCalls: [{ name: "github", input: review(3) }] },
      { text: "Reviewed: two changes requested." },
    ]);
    const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }));
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);

    const reviews = await get<{ id: number; state: string; html_url: string; body: string }[]>(
      `/pulls/${pr.number}/reviews`,
    );
    expect(reviews.map(({ state, body }) => ({ state, body }))).toEqual([
      { state: "CHANGES_REQUESTED", body: `Two things before this goes in.\n${REPLY_MARKER}` },
    ]);
    const comments = await get<{ path: string; line: number; start_line: number | null; body: string }[]>(
      `/pulls/${pr.number}/comments`,
    );
    expect(comments.map(({ path, line, start_line, body }) => ({ path, line, start_line, body }))).toEqual([
      {
        path: "README.md",
        line: 3,
        start_line: null,
        body: `Say which version (and never paste [REDACTED]).\n${REPLY_MARKER}`,
      },
      {
        path: "README.md",
        line: 5,
        start_line: 4,
        body: `Link them:\n\n\`\`\`suggestion\nRun \`bun run test\`.\nRead docs/.\n\`\`\`\n${REPLY_MARKER}`,
      },
    ]);

    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`));
    const lines = sessionLines(await world.onOrigin(mapping.sessionPath));
    const results = lines
      .filter((l) => l.type === "message" && (l.message as { role: string }).role === "toolResult")
      .map((l) => l.message as { isError: boolean; content: { text: string }[] });
    expect(results.map((r) => r.isError)).toEqual([true, false]);
    expect(results[0]!.content[0]!.text).toContain(
      "- inline[0] README.md:40 (RIGHT): line 40 (RIGHT) is outside the diff; commentable lines of README.md: RIGHT 1-5",
    );
    expect(results[1]!.content[0]!.text).toContain(
      `# Reviewed PR #${pr.number} (REQUEST_CHANGES) with 2 inline comments\n- ${reviews[0]!.html_url}`,
    );
    const audits = lines
      .filter((l) => l.type === "custom" && l.customType === "gitclaw.github_audit")
      .map((l) => l.data as Record<string, unknown>);
    expect(audits.map((a) => [a.op, a.class, a.decision, a.status])).toEqual([
      ["pr_review", "write", "allowed", "error"],
      ["pr_review", "write", "allowed", "ok"],
    ]);
    expect(world.gh.comments(issue.number).at(-1)!.body).toContain("Reviewed: two changes requested.");
    expect(world.gh.violations).toEqual([]);
  });
});
