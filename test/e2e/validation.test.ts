// The checks before delivery, end to end (src/validate/): the repository's validation commands run in
// the sandbox after the agent's last turn, a failure told to the agent with the output's tail and
// fixed before the push; a failure the agent cannot fix delivered with it at the top of the reply, or
// kept off the default branch on a pull request; a key shaped like AWS's held back from the push with
// file and line named and its value nowhere; the `gitclaw validation` check run on the pushed commit.
import { describe, expect, it } from "vitest";
import { userText } from "../support/fake-model.ts";
import { issueOpenedPayload } from "../support/payloads.ts";
import { checkoutWithConfig, useWorld, OWNER, REPO, sessionLines, systemPrompt, TOKEN } from "./support.ts";

const CHECK = [
  "answer=$(cat answer.txt)",
  'if [ "$answer" = 42 ]; then echo "1 passed"; else echo "expected 42, got $answer"; exit 1; fi',
  "",
].join("\n");
const AGENTS =
  "# Agents\n\nBe brief.\n\n## Validation\n\nRun these before you finish:\n\n- `sh check.sh`\n\n## Style\n\n- `not a command`\n";

/** An AWS access key id of the documented shape, not AWS's example key (scanners skip that one). */
const KEY = ["AKIA", "Q3EGRTZXPLMN7WVB"].join("");

const world = useWorld(undefined, { "answer.txt": "42\n", "check.sh": CHECK, "AGENTS.md": AGENTS });

const write = (path: string, content: string) => ({ toolCalls: [{ name: "write", input: { path, content } }] });

async function ask(title: string, turns: object[]) {
  const issue = world.gh.createIssue({ title, body: "Please.", user: "alice" });
  world.model.script(turns);
  const before = world.model.requests.length;
  const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }));
  const requests = world.model.requests.slice(before).map((request) => request.body);
  return { issue: issue.number, run, requests, reply: world.gh.comments(issue.number).at(-1)!.body ?? "" };
}

const mainHead = () => world.repo.originGit("rev-parse", "main");
const checksOf = (sha: string) => world.gh.checkRuns().filter((check) => check.headSha === sha);

describe("a change that breaks the repository's test (commands from AGENTS.md's ## Validation)", () => {
  it("is told by validation with the output's tail, fixed before the push, and the check run says passed", async () => {
    const { run, requests, reply } = await ask("Change the answer", [
      write("answer.txt", "41\n"),
      { text: "Changed the answer." },
      write("answer.txt", "42\n"),
      { text: "Fixed: the test wants 42." },
    ]);
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    const told = userText(requests[2]!, "last");
    expect(told).toContain("`sh check.sh` failed (exit code 1)");
    expect(told).toContain("expected 42, got 41");
    expect(told).toContain("round 1 of 2");
    expect(told).not.toContain("not a command");
    expect(await world.onOrigin("answer.txt")).toBe("42\n");
    // The broken change was never pushed: the answer was 42 in every commit of main.
    expect(await world.repo.originGit("log", "-p", "main", "--", "answer.txt")).not.toContain("+41");
    expect(reply).toContain("Fixed: the test wants 42.");
    expect(reply).toContain("**Validation** (AGENTS.md of main):");
    expect(reply).toMatch(/✅ `sh check\.sh` passed in \d+\.\d s/);
    expect(reply).not.toContain("[!CAUTION]");
    expect(reply).toMatch(/· validation \d+\.\d s ·/);
    const [check] = checksOf(await mainHead());
    expect(check).toMatchObject({ name: "gitclaw validation", status: "completed", conclusion: "success" });
    expect(check!.output.summary).toContain("✅ `sh check.sh` passed");
  });
});

describe("a change that a run touching nothing", () => {
  it("runs no validation", async () => {
    const { run, requests, reply } = await ask("Just talk", [{ text: "Nothing to change." }]);
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(requests).toHaveLength(1);
    expect(reply).not.toContain("Validation");
  });
});

describe("a failure the agent cannot fix, validate.onFailure deliver", () => {
  it("is delivered with the failure at the top of the reply, and the check run fails with the command's result", async () => {
    await checkoutWithConfig(world, { validate: { commands: ["sh check.sh", "true"], maxRounds: 1 } });
    const { run, requests, reply } = await ask("Break it", [
      write("answer.txt", "41\n"),
      { text: "Changed it." },
      write("answer.txt", "40\n"),
      { text: "I cannot make it pass." },
    ]);
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(requests).toHaveLength(4);
    expect(reply.startsWith("> [!CAUTION]\n> Validation failed after 1 more round(s): `sh check.sh`.")).toBe(true);
    expect(reply).toContain("❌ `sh check.sh` failed (exit code 1)");
    expect(reply).toContain("✅ `true` passed");
    expect(reply).toContain("expected 42, got 40");
    expect(await world.onOrigin("answer.txt")).toBe("40\n");
    const [check] = checksOf(await mainHead());
    expect(check).toMatchObject({ name: "gitclaw validation", conclusion: "failure" });
    expect(check!.output.summary).toContain("❌ `sh check.sh` failed (exit code 1)");
    expect(check!.output.summary).toContain("✅ `true` passed");
    expect(check!.output.summary).toContain("expected 42, got 40");
    // The job summary says it too.
    expect(run.summary).toContain(
      "### Checks before delivery\n\n> [!CAUTION]\n> Validation failed after 1 more round(s)",
    );
    expect(run.summary).toContain("❌ `sh check.sh` failed (exit code 1)");
  });
});

describe("a failure the agent cannot fix, validate.onFailure pull-request", () => {
  it("leaves the default branch alone: the work is on gitclaw/issue-<n> with a pull request", async () => {
    await checkoutWithConfig(world, {
      validate: { commands: ["sh check.sh"], maxRounds: 1, onFailure: "pull-request" },
    });
    const before = await mainHead();
    const { issue, run, reply } = await ask("Break it again", [
      write("answer.txt", "7\n"),
      { text: "Changed it." },
      write("answer.txt", "8\n"),
      { text: "Still failing." },
    ]);
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(await mainHead()).toBe(before);
    expect(await world.repo.originGit("show", `gitclaw/issue-${issue}:answer.txt`)).toBe("8");
    expect(reply.startsWith("> [!CAUTION]\n> Validation failed")).toBe(true);
    expect(reply).toContain(`on \`gitclaw/issue-${issue}\` with a pull request`);
    expect(reply).toContain("Opened the draft pull request");
    const head = await world.repo.originGit("rev-parse", `gitclaw/issue-${issue}`);
    expect(checksOf(head).map((check) => check.conclusion)).toContain("failure");
  });
});

describe("a change adding an AWS access key id", () => {
  it("is held back: the agent is told once, then the file and line are named and the value is nowhere", async () => {
    await checkoutWithConfig(world, { validate: { commands: [] } });
    // Written by a command that puts the key together: the model's own words are redacted before any tool runs.
    const command = `printf 'export const region = "eu-west-1";\\nexport const key = "%s%s";\\n' AKIA Q3EGRTZXPLMN7WVB > settings.ts`;
    const { issue, run, requests, reply } = await ask("Add the settings", [
      { toolCalls: [{ name: "bash", input: { command } }, ...write("notes.md", "kept\n").toolCalls] },
      { text: "Added the settings." },
      { text: "The key is needed, I leave it." },
    ]);
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(requests).toHaveLength(3);
    const told = userText(requests[2]!, "last");
    expect(told).toContain("`settings.ts` line 2 (aws)");
    expect(told).not.toContain(KEY);
    expect(reply).toContain("Held back from the push, as they look like secrets:\n> - `settings.ts` line 2 (aws)");
    expect(run.summary).toContain(
      "Held back from the push, as they look like secrets:\n> - `settings.ts` line 2 (aws)",
    );
    expect(await world.onOrigin("notes.md")).toBe("kept\n");
    await expect(world.onOrigin("settings.ts")).rejects.toThrow();
    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue}.json`)) as { sessionPath: string };
    const session = await world.onOrigin(mapping.sessionPath);
    expect(sessionLines(session).length).toBeGreaterThan(2);
    const everything = await world.repo.originGit("log", "-p", "--all");
    for (const outlet of [reply, session, everything, run.logs]) expect(outlet).not.toContain(KEY);
  });
});

const review = (findings: object[]) => ({ text: JSON.stringify({ summary: "Read the change.", findings }) });

describe("validate.review: a finding of the self-review", () => {
  it("goes back to the agent once; what the review still finds after its round is listed in the reply", async () => {
    await checkoutWithConfig(world, { validate: { commands: [], review: true } });
    const error = { path: "greet.ts", line: 1, severity: "error", title: "Undefined name nam", body: "Use name." };
    const hint = {
      path: "greet.ts",
      line: 1,
      severity: "suggestion",
      title: "Type the parameter",
      body: "name: string",
    };
    const { run, requests, reply } = await ask("Add a greeting", [
      write("greet.ts", "export const greet = (name) => `hi ${nam}`;\n"),
      { text: "Added greet." },
      review([error]),
      write("greet.ts", "export const greet = (name) => `hi ${name}`;\n"),
      { text: "Fixed the name." },
      review([hint]),
    ]);
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(requests).toHaveLength(6);
    expect(systemPrompt(requests[2]!)).toContain("reviewing the change a gitclaw run made, before it is delivered");
    expect(userText(requests[2]!, "last")).toContain("+export const greet = (name) => `hi ${nam}`;");
    expect(requests[2]!.tools ?? []).toEqual([]);
    const told = userText(requests[3]!, "last");
    expect(told).toContain("`greet.ts:1` **error**: Undefined name nam");
    expect(told).toContain("Use name.");
    expect(userText(requests[5]!, "last")).toContain("+export const greet = (name) => `hi ${name}`;");
    expect(await world.onOrigin("greet.ts")).toBe("export const greet = (name) => `hi ${name}`;\n");
    expect(reply).toContain("Fixed the name.");
    expect(reply).toContain(
      "The self-review still finds after the agent's round to fix them:\n> - `greet.ts:1` **suggestion**: Type the parameter",
    );
    expect(reply).not.toContain("Undefined name nam");
  });
});

async function reviewsOf(number: number): Promise<{ state: string; body: string; commit_id: string }[]> {
  const response = await fetch(`${world.gh.url}/repos/${OWNER}/${REPO}/pulls/${number}/reviews`, {
    headers: { authorization: `token ${TOKEN}` },
  });
  return (await response.json()) as { state: string; body: string; commit_id: string }[];
}

describe("validate.review with delivery pull-request", () => {
  it("leaves what the self-review still finds as a review on the pull request, and in the reply", async () => {
    await checkoutWithConfig(world, { delivery: "pull-request", validate: { commands: [], review: true } });
    const hint = { path: "bye.ts", line: 1, severity: "warning", title: "Say goodbye politely", body: "Add please." };
    const { issue, run, requests, reply } = await ask("Add a farewell", [
      write("bye.ts", "export const bye = 'bye';\n"),
      { text: "Added bye." },
      review([hint]),
    ]);
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    // A warning is below review.failOn (error): nothing goes back to the agent.
    expect(requests).toHaveLength(3);
    const branch = `gitclaw/issue-${issue}`;
    expect(await world.repo.originGit("show", `${branch}:bye.ts`)).toBe("export const bye = 'bye';");
    const pull = Number(/Opened the draft pull request #(\d+)/.exec(reply)?.[1]);
    expect(pull).toBeGreaterThan(0);
    const [posted] = await reviewsOf(pull);
    expect(posted).toMatchObject({ state: "COMMENTED", commit_id: await world.repo.originGit("rev-parse", branch) });
    expect(posted!.body).toContain("`bye.ts:1` **warning**: Say goodbye politely");
    expect(reply).toContain("The self-review still finds:\n> - `bye.ts:1` **warning**: Say goodbye politely");
  });
});
