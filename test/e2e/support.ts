// Shared setup of the end-to-end tests: an emulated repository on GitHub, the fake model, a bare
// origin with the project's sentinel, and a fresh checkout per run like a real runner.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startFakeModel, type FakeModel } from "../support/fake-model.ts";
import { startGitHubEmulator, type EmulatorOptions, type GitHubEmulator } from "../support/github-emulator.ts";
import { execa } from "execa";
import { afterAll, beforeAll, expect } from "vitest";
import { commitFile, createTempRepo, git, type TempRepo } from "../support/git-repo.ts";
import { playCi, type CiRunner } from "../support/ci-runner.ts";
import { issueOpenedPayload } from "../support/payloads.ts";
import { checkout } from "../support/runner/checkout.ts";
import { checkoutSettings } from "../support/runner/job.ts";
import { startWorkflow, WORKFLOW_FILE, type RunContext, type WorkflowRun } from "../support/workflow.ts";

export const OWNER = "acme";
export const REPO = "widgets";
/** Shaped like a real installation token so the redactor's shape rules are exercised too. */
export const TOKEN = `ghs_${"E2eFakeToken".repeat(3)}`;

export interface World {
  gh: GitHubEmulator;
  model: FakeModel;
  repo: TempRepo;
  /** A fresh checkout of origin's default branch, as the workflow's checkout step makes it for each run. */
  checkout(): Promise<string>;
  run(eventName: string, payload: unknown, extra?: Partial<RunContext>): Promise<WorkflowRun & { workspace: string }>;
  /** A run a test can cancel (as the runner does) while it goes. */
  start(
    eventName: string,
    payload: unknown,
    extra?: Partial<RunContext>,
  ): { result: Promise<WorkflowRun & { workspace: string }>; cancel(): void };
  /** A file's exact content on origin's main. */
  onOrigin(path: string): Promise<string>;
  stop(): Promise<void>;
}

let checkouts = 0;

export async function createWorld(
  files: Record<string, string> = {},
  emulator: Pick<EmulatorOptions, "otherTokens"> = {},
): Promise<World> {
  const repo = await createTempRepo({ "README.md": "# widgets\n", "GITCLAW-ENABLED.md": "enabled\n", ...files });
  // The emulator's branches are origin's: a push moves a pull request's head, as on GitHub.
  const gh = await startGitHubEmulator({ owner: OWNER, repo: REPO, token: TOKEN, origin: repo.origin, ...emulator });
  const model = await startFakeModel();
  const settings = checkoutSettings(WORKFLOW_FILE);
  const serverUrl = gh.serverUrl;
  const checkoutNew = async () => {
    const workspace = join(repo.root, `checkout-${++checkouts}`);
    await checkout({ origin: repo.origin, workspace, ref: "main", token: TOKEN, serverUrl, ...settings });
    return workspace;
  };
  const start = (eventName: string, payload: unknown, extra: Partial<RunContext> = {}) => {
    // Left empty, the workflow's own checkout step fills it.
    const workspace = extra.workspace ?? join(repo.root, `checkout-${++checkouts}`);
    const running = startWorkflow(
      { gh, model, repository: `${OWNER}/${REPO}`, origin: repo.origin, workspace, token: TOKEN, ...extra },
      eventName,
      payload,
    );
    return { result: running.result.then((result) => ({ ...result, workspace })), cancel: running.cancel };
  };
  return {
    gh,
    model,
    repo,
    checkout: checkoutNew,
    run: (eventName, payload, extra) => start(eventName, payload, extra).result,
    start,
    onOrigin: async (path) =>
      String((await execa("git", ["show", `main:${path}`], { cwd: repo.origin, stripFinalNewline: false })).stdout),
    async stop() {
      await Promise.all([gh.stop(), model.stop()]);
      repo.cleanup();
    },
  };
}

export function sessionLines(text: string): Record<string, unknown>[] {
  return text
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The system prompt of a recorded Anthropic request, as text. */
export function systemPrompt(body: Record<string, unknown>): string {
  const system = body.system as string | { text: string }[] | undefined;
  return typeof system === "string" ? system : (system ?? []).map((block) => block.text).join("\n");
}

/** A run, and the bodies of the model requests made while it went (its own agent's and its sub-agents'). */
export async function runRecorded(world: World, eventName: string, payload: unknown) {
  const before = world.model.requests.length;
  const run = await world.run(eventName, payload);
  return { run, requests: world.model.requests.slice(before).map((request) => request.body) };
}

export const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
export const joinPath = join;

/**
 * A world shared by the tests of one file: created before them, stopped after them, with the given
 * users (default: alice with write access). The returned object stands for the world once it exists.
 */
/** A checkout whose `.github/gitclaw.json` is `config`, pushed to origin too (later runs see it). */
export async function checkoutWithConfig(world: World, config: object): Promise<string> {
  const workspace = await world.checkout();
  await Bun.write(join(workspace, ".github/gitclaw.json"), JSON.stringify(config));
  await git(workspace, "add", ".github/gitclaw.json");
  await git(workspace, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "config", "--allow-empty");
  await git(workspace, "push", "-q", "origin", "HEAD:main");
  return workspace;
}

export function useWorld(
  users: { login: string; permission: "admin" | "write" | "read" }[] = [{ login: "alice", permission: "write" }],
  files: Record<string, string> = {},
): World {
  let current: World | undefined;
  beforeAll(async () => {
    current = await createWorld(files);
    for (const user of users) current.gh.addUser(user);
  });
  // Whatever else a test checks, nothing gitclaw sent may be a request GitHub would refuse, nor
  // anything the stand-in answered off GitHub's description (gh.violations names the operation).
  afterAll(async () => {
    const violations = [...(current?.gh.violations ?? [])];
    await current?.stop();
    expect(violations).toEqual([]);
  });
  return new Proxy({} as World, {
    get: (_, key) => {
      if (!current) throw new Error("useWorld: the world exists only inside tests and hooks");
      return current[key as keyof World];
    },
  });
}

/** alice's pull request from branch `ref` of the repository itself, whose commits add `files` (in order). */
export async function pullRequestAdding(world: World, ref: string, files: Record<string, string>, title = ref) {
  const author = await world.repo.clone(`author-${ref}`);
  await git(author, "checkout", "-q", "-b", ref);
  let head = "";
  for (const [path, content] of Object.entries(files)) head = await commitFile(author, path, content);
  await git(author, "push", "-q", "origin", ref);
  return world.gh.createPullRequest({ title, body: "", user: "alice", head: { ref, sha: head } });
}

/** The repository's CI (these workflow files) played for the world's runs, with the job's token. */
export const playWorldCi = (world: World, workflows: string[]): CiRunner =>
  playCi({ gh: world.gh, origin: world.repo.origin, repository: `${OWNER}/${REPO}`, token: TOKEN, workflows });

/**
 * alice's issue asking for answer.ts exporting 42, which the scripted model gets wrong (41), so CI
 * has something to fail on; with delivery "pull-request" it lands on gitclaw/issue-<n> with a pull request.
 */
export async function askForTheAnswer(world: World): Promise<{ issueNumber: number; run: WorkflowRun }> {
  const issue = world.gh.createIssue({ title: "The answer", body: "Add answer.ts exporting 42.", user: "alice" });
  world.model.script([
    { toolCalls: [{ name: "write", input: { path: "answer.ts", content: "export const answer = 41;\n" } }] },
    { text: "Added answer.ts." },
  ]);
  const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }));
  return { issueNumber: issue.number, run };
}

/** A step log without the ::add-mask:: lines, which hand the runner the raw values to mask. */
export const unmasked = (logs: string) =>
  logs
    .split("\n")
    .filter((line) => !line.startsWith("::add-mask::"))
    .join("\n");

/** Everything a run left where people or tools could see it: the log (its masks aside), the issue's comments, every commit. */
export async function visibleTraces(world: World, run: { logs: string }, issueNumber: number): Promise<string> {
  const history = await world.repo.originGit("log", "--all", "-p", "--format=%an %ae %B");
  const comments = world.gh.comments(issueNumber).map((c) => c.body);
  return [unmasked(run.logs), history, ...comments].join("\n");
}
