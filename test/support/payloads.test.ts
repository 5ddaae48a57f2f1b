// The webhook payload builders: every output must validate against GitHub's webhook description
// (@octokit/openapi-webhooks) whichever real example it starts from, and must describe the
// emulator's issue, comment, users and repository rather than the example's.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startGitHubEmulator,
  type GitHubEmulator,
  type RestIssue,
  type RestIssueComment,
  type RestUser,
} from "./github-emulator.ts";
import { validateWebhookPayload } from "./openapi/validate.ts";
import {
  issueAssignedPayload,
  issueCommentCreatedPayload,
  issueCommentEditedPayload,
  issueLabeledPayload,
  issueOpenedPayload,
  pullRequestLabeledPayload,
  pullRequestPayload,
  reviewCommentCreatedPayload,
  reviewSubmittedPayload,
  webhookExamples,
  workflowDispatchPayload,
  workflowRunCompletedPayload,
  writeEventFile,
} from "./payloads.ts";

let gh: GitHubEmulator;
let alice: RestUser;
let bob: RestUser;
let issue: RestIssue;
let comment: RestIssueComment;
const target = () => ({ owner: "acme", repo: "widgets", issue });

beforeAll(async () => {
  gh = await startGitHubEmulator({ owner: "acme", repo: "widgets", token: "ghs_payloads" });
  alice = gh.addUser({ login: "alice", permission: "write" });
  bob = gh.addUser({ login: "bob" });
  gh.createIssue({
    title: "Fix the README",
    body: "@gitclaw please",
    user: "alice",
    createdAt: "2024-05-01T12:00:00Z",
  });
  gh.labelIssue(1, "gitclaw", "alice");
  gh.assignIssue(1, "bob", "alice");
  comment = gh.addComment(1, { body: "@gitclaw go", user: "bob", createdAt: "2024-05-01T12:05:00Z" });
  issue = gh.issue(1);
});

afterAll(() => gh.stop());

// One row per builder: the event it claims to be, how many real examples it can start from, and
// a payload built from example `index`.
const builders = [
  {
    event: "issues.opened",
    examples: () => webhookExamples("issues", "opened"),
    build: (example: number) => issueOpenedPayload({ ...target(), example }),
  },
  {
    event: "issues.labeled",
    examples: () => webhookExamples("issues", "labeled"),
    build: (example: number) => issueLabeledPayload({ ...target(), label: "gitclaw", sender: alice, example }),
  },
  {
    event: "issues.assigned",
    examples: () => webhookExamples("issues", "assigned"),
    build: (example: number) => issueAssignedPayload({ ...target(), assignee: bob, sender: alice, example }),
  },
  {
    event: "issue_comment.created",
    examples: () => webhookExamples("issue_comment", "created"),
    build: (example: number) => issueCommentCreatedPayload({ ...target(), comment, example }),
  },
  {
    event: "issue_comment.edited",
    examples: () => webhookExamples("issue_comment", "edited"),
    build: (example: number) =>
      issueCommentEditedPayload({ ...target(), comment, previousBody: "@gitclaw wait", example }),
  },
] as const;

describe.each(builders)("$event", ({ event, examples, build }) => {
  it("starts from GitHub's real examples of that action", () => {
    expect(new Set(examples().map((example) => example.action))).toEqual(new Set([event.split(".")[1]]));
  });

  it("validates against @octokit/openapi-webhooks from every example", () => {
    examples().forEach((_, index) =>
      expect(validateWebhookPayload(event, build(index)), `example ${index}`).toEqual([]),
    );
  });

  it("describes the emulator's issue and repository, not the example's", () => {
    const payload = build(0);
    expect(payload.action).toBe(event.split(".")[1]);
    expect(payload.issue).toMatchObject({
      id: issue.id,
      number: 1,
      title: "Fix the README",
      user: { login: "alice", id: alice.id },
      author_association: "COLLABORATOR",
      created_at: "2024-05-01T12:00:00Z",
      html_url: `${gh.serverUrl}/acme/widgets/issues/1`,
    });
    expect(payload.repository).toMatchObject({
      name: "widgets",
      full_name: "acme/widgets",
      owner: { login: "acme" },
      default_branch: "main",
      url: `${gh.url}/repos/acme/widgets`,
    });
    expect(JSON.stringify(payload.repository)).not.toMatch(/github\.com[/:]/);
  });
});

describe("the builders' own fields", () => {
  it("issue_comment payloads carry the emulator's comment and its author as sender", () => {
    for (const payload of [
      issueCommentCreatedPayload({ ...target(), comment }),
      issueCommentEditedPayload({ ...target(), comment, previousBody: "@gitclaw wait" }),
    ]) {
      expect(payload.comment).toMatchObject({
        id: comment.id,
        body: "@gitclaw go",
        user: { login: "bob" },
        author_association: "NONE",
        created_at: "2024-05-01T12:05:00Z",
      });
      expect(payload.sender).toMatchObject({ login: "bob", id: bob.id });
    }
    expect(issueCommentEditedPayload({ ...target(), comment, previousBody: "@gitclaw wait" }).changes).toEqual({
      body: { from: "@gitclaw wait" },
    });
  });

  it("the comment examples GitHub ships need patching, which the builders do", () => {
    const invalid = webhookExamples("issue_comment", "created").filter(
      (example) => validateWebhookPayload("issue_comment.created", example).length > 0,
    );
    expect(invalid.length).toBeGreaterThan(0);
  });

  it("labeled and assigned payloads name the label, assignee and sender", () => {
    const labeled = issueLabeledPayload({ ...target(), label: "gitclaw", sender: alice });
    expect(labeled.label).toMatchObject({ name: "gitclaw", id: issue.labels[0]?.id });
    expect(labeled.sender.login).toBe("alice");
    expect(() => issueLabeledPayload({ ...target(), label: "wontfix", sender: alice })).toThrow(/no label "wontfix"/);

    const assigned = issueAssignedPayload({ ...target(), assignee: bob, sender: alice });
    expect(assigned.assignee?.login).toBe("bob");
    expect(assigned.issue.assignees.map((user) => user.login)).toEqual(["bob"]);
  });

  it("the schema check catches a payload the builders did not fix up", () => {
    const payload = issueCommentCreatedPayload({ ...target(), comment });
    const { reactions: _, ...withoutReactions } = payload.comment;
    expect(validateWebhookPayload("issue_comment.created", { ...payload, comment: withoutReactions })).toContain(
      "/comment must have required property 'reactions'",
    );
  });
});

describe("pull request payloads", () => {
  const pullTarget = () => {
    const pull = gh.createPullRequest({
      title: "Faster widgets",
      body: "Speeds things up.",
      user: "alice",
      head: { ref: "faster", sha: "b".repeat(40) },
    });
    return { owner: "acme", repo: "widgets", issue: gh.issue(pull.number), pull };
  };

  it("inline review comments validate from every example, with the emulator's comment and pull request", () => {
    const t = pullTarget();
    const comment = gh.addReviewComment(t.pull.number, {
      body: "@gitclaw rename",
      user: "alice",
      path: "a.ts",
      line: 3,
    });
    webhookExamples("pull_request_review_comment", "created").forEach((_, example) => {
      const payload = reviewCommentCreatedPayload({ ...t, pull: gh.pullRequest(t.pull.number), comment, example });
      expect(validateWebhookPayload("pull_request_review_comment.created", payload), `example ${example}`).toEqual([]);
      expect(payload.comment).toMatchObject({ id: comment.id, path: "a.ts", body: "@gitclaw rename" });
      expect(payload.pull_request).toMatchObject({ number: t.pull.number, head: { ref: "faster" } });
      expect(payload.sender.login).toBe("alice");
    });
  });

  it("submitted reviews validate from every example, the state in lower case as webhooks spell it", () => {
    const t = pullTarget();
    const { review } = gh.addReview(t.pull.number, { user: "alice", state: "CHANGES_REQUESTED", body: "Not yet." });
    webhookExamples("pull_request_review", "submitted").forEach((_, example) => {
      const payload = reviewSubmittedPayload({ ...t, pull: gh.pullRequest(t.pull.number), review, example });
      expect(validateWebhookPayload("pull_request_review.submitted", payload), `example ${example}`).toEqual([]);
      expect(payload.review).toMatchObject({ id: review.id, state: "changes_requested", body: "Not yet." });
    });
  });

  it("labelled pull requests validate, naming the label and who added it", () => {
    const t = pullTarget();
    gh.labelIssue(t.pull.number, "gitclaw", "alice");
    const pull = gh.pullRequest(t.pull.number);
    webhookExamples("pull_request", "labeled").forEach((_, example) => {
      const payload = pullRequestLabeledPayload({ ...t, pull, label: "gitclaw", sender: alice, example });
      expect(validateWebhookPayload("pull_request.labeled", payload), `example ${example}`).toEqual([]);
      expect(payload.label?.name).toBe("gitclaw");
    });
  });

  it("pull requests opened, pushed to and marked ready validate, with the head and who did it", () => {
    const t = pullTarget();
    const pull = gh.pullRequest(t.pull.number);
    for (const action of ["opened", "synchronize", "ready_for_review"] as const)
      webhookExamples("pull_request", action).forEach((_, example) => {
        const payload = pullRequestPayload({ ...t, pull, action, sender: alice, before: "c".repeat(40), example });
        expect(validateWebhookPayload(`pull_request.${action}`, payload), `${action} ${example}`).toEqual([]);
        expect(payload.pull_request).toMatchObject({ number: pull.number, head: { sha: pull.head.sha } });
        expect(payload.sender.login).toBe("alice");
        if (payload.action === "synchronize") expect(payload.before).toBe("c".repeat(40));
      });
  });

  it("completed workflow runs validate, listing the run's pull request", () => {
    const t = pullTarget();
    const { id } = gh.addWorkflowRun({
      headSha: "b".repeat(40),
      headBranch: "faster",
      event: "pull_request",
      pullRequests: [t.pull.number],
      steps: [
        {
          status: "completed",
          conclusion: "failure",
          jobs: [{ name: "test", status: "completed", conclusion: "failure" }],
        },
      ],
    });
    webhookExamples("workflow_run", "completed").forEach((_, example) => {
      const payload = workflowRunCompletedPayload({ ...t, run: gh.workflowRun(id), sender: alice, example });
      expect(validateWebhookPayload("workflow_run.completed", payload), `example ${example}`).toEqual([]);
      expect(payload.workflow_run).toMatchObject({
        id,
        conclusion: "failure",
        pull_requests: [{ number: t.pull.number }],
      });
    });
  });
});

describe("workflow_dispatch", () => {
  it("validates from every example, in the emulator's repository, sent by the Actions bot unless told", () => {
    const hosts = { apiUrl: gh.url, webUrl: gh.serverUrl };
    for (const example of [0, 1]) {
      const dispatch = {
        owner: "acme",
        repo: "widgets",
        hosts,
        inputs: { task: "t" },
        ref: "refs/heads/main",
        example,
      };
      const payload = workflowDispatchPayload({ ...dispatch, workflow: ".github/workflows/nightly.yml" });
      expect(validateWebhookPayload("workflow_dispatch", payload), `example ${example}`).toEqual([]);
      expect(payload).toMatchObject({ inputs: { task: "t" }, ref: "refs/heads/main", sender: { type: "Bot" } });
      expect(payload.repository).toMatchObject({ full_name: "acme/widgets", url: `${gh.url}/repos/acme/widgets` });
      expect(JSON.stringify(payload)).not.toContain("octo-org");
    }
  });
});

describe("writeEventFile", () => {
  it("writes each payload to its own JSON file in the directory", async () => {
    const dir = await mkdtemp(join(tmpdir(), "payloads-"));
    try {
      const payload = issueOpenedPayload(target());
      const first = await writeEventFile(dir, payload);
      const second = await writeEventFile(dir, payload);
      expect(first.startsWith(dir)).toBe(true);
      expect(second).not.toBe(first);
      expect(JSON.parse(await readFile(first, "utf8"))).toEqual(payload);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
