// The test origin enforces the repository's rules as GitHub does, with GitHub's words: rulesets
// (GH013, one `- …` line per violation) and classic branch protection (GH006), on pushes to the
// file path and over HTTP; the emulator serves the same rules (rules/branches, branches, protection).
import { execa } from "execa";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { commitFile, createTempRepo, git, type TempRepo } from "./git-repo.ts";
import { serveGitOverHttp } from "./git-http.ts";
import { startGitHubEmulator, type GitHubEmulator } from "./github-emulator.ts";
import { signingOptions, webFlowKey } from "./web-flow.ts";

const TOKEN = "job-token-0123456789";
let repo: TempRepo;
let gh: GitHubEmulator;

beforeEach(async () => {
  repo = await createTempRepo();
  gh = await startGitHubEmulator({ owner: "o", repo: "r", token: TOKEN, origin: repo.origin });
});
afterEach(() => {
  gh.stop();
  repo.cleanup();
});

async function push(ref: string, ...flags: string[]): Promise<{ ok: boolean; stderr: string }> {
  const result = await execa("git", ["push", ...flags, "origin", ref], { cwd: repo.dir, reject: false });
  return { ok: result.exitCode === 0, stderr: String(result.stderr) };
}

/** A signed commit as GitHub makes one through its API: signed with the web-flow key. */
let signed = 0;
async function signedCommit(): Promise<string> {
  const tree = await git(repo.dir, "rev-parse", "HEAD^{tree}");
  const id = ["-c", "user.name=GitHub", "-c", "user.email=noreply@github.com"];
  const sha = await git(
    repo.dir,
    ...id,
    ...signingOptions(webFlowKey()),
    "commit-tree",
    "-S",
    tree,
    "-p",
    "HEAD",
    "-m",
    `signed ${++signed}`,
  );
  await git(repo.dir, "reset", "-q", "--hard", sha);
  return sha;
}

/** git in the clone with an identity, as a person committing there has. */
const asTester = (...args: string[]) => git(repo.dir, "-c", "user.name=T", "-c", "user.email=t@example.com", ...args);

const api = (path: string) => fetch(`${gh.url}/repos/o/r${path}`, { headers: { authorization: `token ${TOKEN}` } });

describe("rulesets (GH013)", () => {
  it("refuses a push to a branch that requires pull requests, and serves the rule", async () => {
    gh.addRuleset({ rules: [{ type: "pull_request" }] });
    await commitFile(repo.dir, "a.txt", "a\n");
    const pushed = await push("HEAD:main");
    expect(pushed.ok).toBe(false);
    expect(pushed.stderr).toContain("error: GH013: Repository rule violations found for refs/heads/main.");
    expect(pushed.stderr).toContain("rules?ref=refs%2Fheads%2Fmain");
    expect(pushed.stderr).toContain("- Changes must be made through a pull request.");
    // Another branch takes it.
    expect((await push("HEAD:refs/heads/feature")).ok).toBe(true);
    const rules = (await (await api("/rules/branches/main")).json()) as { type: string; ruleset_source: string }[];
    expect(rules.map((rule) => rule.type)).toEqual(["pull_request"]);
    expect(rules[0]!.ruleset_source).toBe("o/r");
    expect(await (await api("/rules/branches/feature")).json()).toEqual([]);
    expect(((await (await api("/branches/main")).json()) as { protected: boolean }).protected).toBe(true);
    expect(((await (await api("/branches/feature")).json()) as { protected: boolean }).protected).toBe(false);
    expect((await api("/branches/main/protection")).status).toBe(403);
    expect(gh.violations).toEqual([]);
  });

  it("names every violation, each on its own line: signatures, status checks, linear history", async () => {
    gh.addRuleset({
      rules: [
        { type: "required_signatures" },
        { type: "required_linear_history" },
        { type: "required_status_checks", parameters: { required_status_checks: [{ context: "ci" }] } },
      ],
    });
    await git(repo.dir, "checkout", "-q", "-b", "side");
    await commitFile(repo.dir, "b.txt", "b\n");
    await git(repo.dir, "checkout", "-q", "main");
    const unsigned = await commitFile(repo.dir, "a.txt", "a\n");
    await asTester("merge", "-q", "--no-ff", "side", "-m", "merge");
    const merge = await git(repo.dir, "rev-parse", "HEAD");
    const pushed = await push("HEAD:main");
    expect(pushed.ok).toBe(false);
    expect(pushed.stderr).toContain("- Commits must have verified signatures.");
    expect(pushed.stderr).toContain(unsigned);
    expect(pushed.stderr).toContain("- This branch must not contain merge commits.");
    expect(pushed.stderr).toContain(merge);
    expect(pushed.stderr).toContain('- Required status check "ci" is expected.');
    expect(await (await api("/rules/branches/main")).json()).toHaveLength(3);
    expect(gh.violations).toEqual([]);
  });

  it("takes a commit signed with GitHub's web-flow key where signatures are required; refuses force pushes", async () => {
    gh.addRuleset({ include: ["~ALL"], rules: [{ type: "required_signatures" }, { type: "non_fast_forward" }] });
    await signedCommit();
    expect((await push("HEAD:main")).ok).toBe(true);
    await git(repo.dir, "reset", "-q", "--hard", "HEAD~1");
    await signedCommit();
    const forced = await push("HEAD:main", "--force");
    expect(forced.ok).toBe(false);
    expect(forced.stderr).toContain("- Cannot force-push to this branch");
    // A ruleset on ~ALL covers new branches too; an excluded one is free.
    await commitFile(repo.dir, "c.txt", "c\n");
    expect((await push("HEAD:refs/heads/other")).stderr).toContain("- Commits must have verified signatures.");
  });

  it("excluded branches and creation/update/deletion rules", async () => {
    gh.addRuleset({
      include: ["~ALL"],
      exclude: ["refs/heads/gitclaw/state"],
      rules: [{ type: "update" }, { type: "deletion" }],
    });
    await commitFile(repo.dir, "a.txt", "a\n");
    expect((await push("HEAD:main")).stderr).toContain("- Cannot update this protected ref.");
    expect((await push("HEAD:refs/heads/new")).ok).toBe(true);
    expect((await push(":refs/heads/new")).stderr).toContain("- Cannot delete this protected ref.");
    expect((await push("HEAD:refs/heads/gitclaw/state")).ok).toBe(true);
  });
});

describe("classic branch protection (GH006)", () => {
  for (const [setting, reason] of [
    [{ requirePullRequest: true }, "Changes must be made through a pull request."],
    [{ requireSignatures: true }, "Commits must have verified signatures."],
    [{ requiredChecks: ["ci"] }, 'Required status check "ci" is expected.'],
  ] as const)
    it(`refuses with "${reason}"`, async () => {
      gh.protectBranch("main", setting);
      await commitFile(repo.dir, "a.txt", "a\n");
      const pushed = await push("HEAD:main");
      expect(pushed.ok).toBe(false);
      expect(pushed.stderr).toContain("error: GH006: Protected branch update failed for refs/heads/main.");
      expect(pushed.stderr).toContain(`error: ${reason}`);
      expect(await (await api("/rules/branches/main")).json()).toEqual([]);
      expect(((await (await api("/branches/main")).json()) as { protected: boolean }).protected).toBe(true);
    });

  it("refuses force pushes, over HTTP as to the file path", async () => {
    gh.protectBranch("main", { requireLinearHistory: true });
    const http = serveGitOverHttp(repo.origin, { [TOKEN]: { workflows: false } });
    try {
      await git(
        repo.dir,
        "remote",
        "set-url",
        "origin",
        http.url.replace("http://", `http://x-access-token:${TOKEN}@`),
      );
      await asTester("commit", "-q", "--amend", "-m", "rewritten");
      const forced = await push("HEAD:main", "--force");
      expect(forced.ok).toBe(false);
      expect(forced.stderr).toContain("GH006: Protected branch update failed for refs/heads/main.");
      expect(forced.stderr).toContain("error: Cannot force-push to this protected branch");
    } finally {
      http.stop();
    }
  });
});
