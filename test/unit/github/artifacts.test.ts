// The conversation's artifact is taken only from a run of the repository's own branches: a fork's
// pull request runs its own workflow code and could upload an artifact by any name.
import { describe, expect, it } from "vitest";
import type { GitHubApi } from "../../../src/github/api.ts";
import { findNewestArtifact } from "../../../src/github/runs.ts";

const answering = (artifacts: unknown[]): GitHubApi => ({
  send: async () => ({ status: 200, data: { total_count: artifacts.length, artifacts } }),
  graphql: async () => ({}),
});
const artifact = (id: number, run: Record<string, number>) => ({
  id,
  name: "gitclaw-conversation-1",
  expired: false,
  workflow_run: { id: 100 + id, ...run },
});
const repo = { owner: "o", repo: "r" };

describe("findNewestArtifact", () => {
  it("skips an artifact a fork's run uploaded, and one whose run it cannot tell", async () => {
    const api = answering([
      artifact(3, { repository_id: 1, head_repository_id: 2 }),
      artifact(2, {}),
      artifact(1, { repository_id: 1, head_repository_id: 1 }),
    ]);
    expect(await findNewestArtifact(api, repo, "gitclaw-conversation-1")).toEqual({ id: 1, runId: 101 });
  });

  it("finds nothing when only a fork's run uploaded one", async () => {
    const api = answering([artifact(3, { repository_id: 1, head_repository_id: 2 })]);
    expect(await findNewestArtifact(api, repo, "gitclaw-conversation-1")).toBeUndefined();
  });
});
