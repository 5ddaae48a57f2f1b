// A branch's rules as gitclaw reads them: rulesets from the emulator (one source with the origin's
// hook), classic protection where an admin token may read it, and what stands in a push's way.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchApi, type GitHubApi } from "../../../src/github/api.ts";
import { pushObstacles, readBranchRules } from "../../../src/github/rules.ts";
import { createTempRepo, type TempRepo } from "../../support/git-repo.ts";
import { startGitHubEmulator, type GitHubEmulator } from "../../support/github-emulator.ts";

const TOKEN = "job-token-0123456789";
const repoId = { owner: "o", repo: "r" };
let repo: TempRepo;
let gh: GitHubEmulator;
let api: GitHubApi;

beforeAll(async () => {
  repo = await createTempRepo();
  gh = await startGitHubEmulator({ ...repoId, token: TOKEN, origin: repo.origin });
  api = fetchApi({ apiUrl: gh.url, token: TOKEN });
});
afterAll(() => {
  gh.stop();
  repo.cleanup();
});

describe("readBranchRules", () => {
  it("a branch without rules takes pushes", async () => {
    const rules = await readBranchRules(api, repoId, "main");
    expect(rules).toMatchObject({ requiresPullRequest: false, requiresSignatures: false, protectionUnknown: false });
    expect(pushObstacles(rules)).toEqual([]);
  });

  it("sums up the rulesets: pull requests, signatures, checks, linear history, force pushes", async () => {
    gh.addRuleset({
      rules: [
        { type: "pull_request", parameters: { required_approving_review_count: 1 } },
        { type: "required_signatures" },
        { type: "required_linear_history" },
        { type: "non_fast_forward" },
        { type: "required_status_checks", parameters: { required_status_checks: [{ context: "ci" }] } },
      ],
    });
    const rules = await readBranchRules(api, repoId, "main");
    expect(rules).toMatchObject({
      requiresPullRequest: true,
      requiresSignatures: true,
      requiredChecks: ["ci"],
      linearHistory: true,
      noForcePush: true,
    });
    expect(pushObstacles(rules)).toEqual([
      "changes must be made through a pull request",
      "commits must have verified signatures",
      "status checks must pass first (`ci`)",
    ]);
    expect(pushObstacles(rules, { signedCommits: true })).not.toContain("commits must have verified signatures");
    expect(gh.violations).toEqual([]);
  });

  it("classic protection the job's token cannot read is unknown; an admin's reading counts", async () => {
    await repo.originGit("update-ref", "refs/heads/release", "main");
    gh.protectBranch("release", { requireSignatures: true });
    const unknown = await readBranchRules(api, repoId, "release");
    expect(unknown).toMatchObject({ protectionUnknown: true, requiresSignatures: false });
    const admin: GitHubApi = {
      graphql: api.graphql,
      send: async (method, path, body) =>
        path.endsWith("/protection")
          ? { status: 200, data: { required_signatures: { enabled: true }, allow_force_pushes: { enabled: false } } }
          : api.send(method, path, body),
    };
    const rules = await readBranchRules(admin, repoId, "release");
    expect(rules).toMatchObject({ protectionUnknown: false, requiresSignatures: true, noForcePush: true });
  });

  it("an answer it cannot read says so, and the push will tell", async () => {
    gh.failNext({ path: /\/rules\/branches\//, status: 403 });
    expect((await readBranchRules(api, repoId, "main")).unreadable).toBe("the rules API answered 403");
  });
});
