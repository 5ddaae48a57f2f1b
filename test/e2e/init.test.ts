// A user's first ten minutes, end to end: `gitclaw init` (the published bin, dist/gitclaw.js) writes
// the workflow into a repository, the user commits it and adds one secret, and an issue runs the
// generated workflow as a GitHub-hosted runner would (`uses: gitclaw/gitclaw@v1` is this checkout),
// against the emulator and the fake model, over each provider's wire format.
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { REPLY_MARKER } from "../../src/github/marker.ts";
import { git } from "../support/git-repo.ts";
import { issueCommentCreatedPayload, issueOpenedPayload, workflowDispatchPayload } from "../support/payloads.ts";
import { MODEL_KEY, PROJECT_ROOT } from "../support/workflow.ts";
import { createWorld, OWNER, REPO, type World } from "./support.ts";

const target = { owner: OWNER, repo: REPO };
const worlds: World[] = [];
afterEach(async () => {
  await Promise.all(worlds.splice(0).map((world) => world.stop()));
});

/** `gitclaw init <options>` as a user runs it: the package's bin, in their checkout. */
async function gitclawInit(dir: string, options: string[]): Promise<string> {
  const cli = await execa(join(PROJECT_ROOT, "dist/gitclaw.js"), ["init", dir, ...options], { reject: false });
  expect(cli.exitCode, cli.stderr).toBe(0);
  return cli.stdout;
}

/** A repository gitclaw init put gitclaw into, committed and pushed as its next steps say. */
async function installed(
  options: (world: World) => string[] = () => [],
): Promise<{ world: World; dir: string; workflowFile: string; output: string }> {
  const world = await createWorld();
  worlds.push(world);
  world.gh.addUser({ login: "alice", permission: "write" });
  const dir = await world.checkout();
  const output = await gitclawInit(dir, options(world));
  await git(dir, "add", ".github", "GITCLAW-ENABLED.md", "state");
  await git(dir, "-c", "user.name=alice", "-c", "user.email=a@example.com", "commit", "-qm", "Add gitclaw");
  await git(dir, "push", "-q", "origin", "HEAD:main");
  return { world, dir, workflowFile: join(dir, ".github/workflows/gitclaw.yml"), output };
}

describe("a workflow gitclaw init wrote", () => {
  it("runs with Anthropic: one secret, ANTHROPIC_API_KEY", async () => {
    const { world, workflowFile, output } = await installed();
    expect(output).toContain("Add the repository secret ANTHROPIC_API_KEY");
    const issue = world.gh.createIssue({ title: "Say hello", body: "Please say hello.", user: "alice" });
    world.model.script([{ text: "Hello from the generated workflow." }]);

    // The secret is the one init named; where the model listens is the runner machine's business.
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }), {
      workflowFile,
      secrets: { ANTHROPIC_API_KEY: MODEL_KEY },
    });

    expect(run.skipped).toBe(false);
    expect(run.proceed).toBe(true);
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(world.model.requests.map((request) => [request.path, request.headers["x-api-key"]])).toEqual([
      ["/v1/messages", MODEL_KEY],
    ]);
    const reply = world.gh.comments(issue.number).at(-1)!.body;
    expect(reply).toContain("Hello from the generated workflow.");
    expect(reply).toContain(REPLY_MARKER);
  });

  it("runs with an OpenAI-compatible server after init switched to it: openai_api_key and base_url", async () => {
    const key = "sk-openai-e2e-0123456789abcdef";
    const { world, dir, workflowFile } = await installed();
    const upgraded = await gitclawInit(dir, ["--provider", "openai", "--base-url", world.model.openaiBaseUrl]);
    expect(upgraded).toContain(`with.base_url: added ${world.model.openaiBaseUrl} (--base-url)`);
    const issue = world.gh.createIssue({ title: "Count files", body: "How many files?", user: "alice" });
    world.model.script([{ text: "Two files, over chat completions." }]);

    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }), {
      workflowFile,
      secrets: { OPENAI_API_KEY: key },
    });

    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(world.model.requests.map((request) => [request.path, request.headers.authorization])).toEqual([
      ["/v1/chat/completions", `Bearer ${key}`],
    ]);
    expect(world.model.requests[0]!.body.model).toBe("gpt-4.1");
    expect(world.gh.comments(issue.number).at(-1)!.body).toContain("Two files, over chat completions.");
  });

  it("runs with any server by api_key and base_url, and its if: skips comments without the handle", async () => {
    const key = "sk-self-hosted-0123456789abcdef";
    const { world, workflowFile, output } = await installed((world) => [
      ...["--provider", "vllm", "--model", "qwen3-coder", "--base-url", world.model.openaiBaseUrl],
      ...["--trigger", "mention", "--mention", "@claw"],
    ]);
    expect(output).toContain("Add the repository secret MODEL_API_KEY (if your server needs a key)");
    const secrets = { MODEL_API_KEY: key };

    const quiet = world.gh.createIssue({ title: "No handle", body: "just a note", user: "alice" });
    const skipped = await world.run("issues", issueOpenedPayload({ ...target, issue: quiet }), {
      workflowFile,
      secrets,
    });
    expect(skipped.skipped).toBe(true);
    const comment = world.gh.addComment(quiet.number, { body: "still no handle", user: "alice" });
    const chat = await world.run("issue_comment", issueCommentCreatedPayload({ ...target, issue: quiet, comment }), {
      workflowFile,
      secrets,
    });
    expect(chat.skipped).toBe(true);

    const asked = world.gh.createIssue({ title: "@claw fix the build", body: "please", user: "alice" });
    world.model.script([{ text: "Fixed, from a self-hosted model." }]);
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue: asked }), { workflowFile, secrets });
    expect(run.stages.guard!.stdout).toMatch(/proceed: a new issue mentioning @claw/);
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(world.model.requests.map((request) => [request.api, request.headers.authorization])).toEqual([
      ["openai", `Bearer ${key}`],
    ]);
    expect(world.model.requests[0]!.body.model).toBe("qwen3-coder");
    expect(world.gh.comments(asked.number).at(-1)!.body).toContain("Fixed, from a self-hosted model.");
  });

  // The rest of the README's provider table, each from its own generated workflow. The runner's
  // ANTHROPIC_BASE_URL points nowhere, so only the workflow's base_url input can reach the model.
  const providers = [
    {
      name: "OpenRouter",
      init: ["--provider", "openrouter"],
      secret: "OPENROUTER_API_KEY",
      api: "openai",
      model: "anthropic/claude-sonnet-4.5",
    },
    { name: "Ollama", init: ["--provider", "ollama"], secret: undefined, api: "openai", model: "qwen3-coder" },
    {
      name: "an Anthropic-compatible proxy",
      init: [],
      secret: "ANTHROPIC_API_KEY",
      api: "anthropic",
      model: undefined,
    },
  ] as const;
  it.each(providers)("runs with $name, reached by the workflow's base_url", async ({ init, secret, api, model }) => {
    const key = "sk-provider-e2e-0123456789abcdef";
    const { world, workflowFile } = await installed((world) => [
      ...init,
      ...["--base-url", api === "openai" ? world.model.openaiBaseUrl : `${world.model.url}/v1`],
    ]);
    const issue = world.gh.createIssue({ title: "Say hello", body: "Please say hello.", user: "alice" });
    world.model.script([{ text: "Hello through base_url." }]);

    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }), {
      workflowFile,
      secrets: secret ? { [secret]: key } : {},
      env: { ANTHROPIC_BASE_URL: "http://127.0.0.1:9" },
    });

    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    const [request] = world.model.requests;
    expect(world.model.requests).toHaveLength(1);
    expect(request!.api).toBe(api);
    const sentKey = api === "openai" ? request!.headers.authorization : request!.headers["x-api-key"];
    if (secret) expect(sentKey).toBe(api === "openai" ? `Bearer ${key}` : key);
    if (model) expect(request!.body.model).toBe(model);
    expect(world.gh.comments(issue.number).at(-1)!.body).toContain("Hello through base_url.");
  });
});

describe("the prompt workflow gitclaw init --prompt-workflow wrote", () => {
  it("nightly: a dispatch runs its prompt with no issue on the job's branch; the scheduled run continues there", async () => {
    const { world, dir, output } = await installed(() => ["--prompt-workflow", "nightly"]);
    expect(output).toContain(".github/workflows/gitclaw-nightly.yml");
    const workflowFile = join(dir, ".github/workflows/gitclaw-nightly.yml");
    const secrets = { ANTHROPIC_API_KEY: MODEL_KEY };
    const repository = { name: REPO, full_name: `${OWNER}/${REPO}`, owner: { login: OWNER }, default_branch: "main" };
    world.model.script([
      { toolCalls: [{ name: "write", input: { path: "deps.lock", content: "left-pad 2.0\n" } }] },
      { text: "Bumped left-pad to 2.0; the tests pass." },
    ]);
    const dispatched = workflowDispatchPayload({
      owner: OWNER,
      repo: REPO,
      hosts: { apiUrl: world.gh.url, webUrl: world.gh.serverUrl },
      inputs: {},
      ref: "refs/heads/main",
      workflow: ".github/workflows/gitclaw-nightly.yml",
      sender: { login: "alice", id: 1, type: "User" },
    });
    const run = await world.run("workflow_dispatch", dispatched, { workflowFile, secrets });

    const branch = "gitclaw/run-gitclaw-nightly-bump";
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(JSON.stringify(world.model.requests[0]!.body)).toContain("Update the dependencies");
    expect(run.stages.agent!.outputs.branch).toBe(branch);
    expect(await world.repo.originGit("show", `${branch}:deps.lock`)).toBe("left-pad 2.0");
    expect(await world.repo.originGit("show", `${branch}:state/runs/gitclaw-nightly-bump.json`)).toContain(
      '"runKey": "gitclaw-nightly-bump"',
    );
    expect(run.summary).toContain("Bumped left-pad to 2.0; the tests pass.");

    // The schedule's payload names no sender: nobody is credited, the conversation goes on.
    world.model.script([{ text: "Nothing newer than left-pad 2.0 tonight." }]);
    const scheduled = await world.run("schedule", { schedule: "17 3 * * *", repository }, { workflowFile, secrets });
    expect(scheduled.stages.agent!.exitCode, scheduled.logs).toBe(0);
    const continued = JSON.stringify(world.model.requests.at(-1)!.body);
    expect(continued).toContain("Bumped left-pad to 2.0; the tests pass.");
    expect(await world.repo.originGit("show", `${branch}:deps.lock`)).toBe("left-pad 2.0");
    expect(scheduled.summary).toContain("Nothing newer than left-pad 2.0 tonight.");
  });
});
