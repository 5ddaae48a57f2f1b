// run_watch over scripted workflow runs. The fake sleep advances both the clock and the emulator's
// runs one state, so each poll sees the next state and `world.sleeps` records the poll rhythm.
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { JobStep, RunStep } from "../../../support/github-emulator.ts";
import { createTempRepo, type TempRepo } from "../../../support/git-repo.ts";
import { audit, body, useWorld } from "./support.ts";

const SHA = "e".repeat(40);
const job = (name: string, status: JobStep["status"], conclusion?: JobStep["conclusion"], log?: string): JobStep => ({
  name,
  status,
  conclusion,
  log,
});
const running = (...jobs: JobStep[]): RunStep => ({ status: "in_progress", jobs });
const done = (conclusion: RunStep["conclusion"], ...jobs: JobStep[]): RunStep => ({
  status: "completed",
  conclusion,
  jobs,
});

const world = useWorld();

describe("run mode", () => {
  it("polls every 3 s until the run succeeds", async () => {
    const run = world.gh.addWorkflowRun({
      headSha: SHA,
      steps: [
        { status: "queued" },
        running(job("build", "in_progress")),
        done("success", job("build", "completed", "success")),
      ],
    });
    const result = await world.call({ op: "run_watch", run: String(run.id) });
    expect(result.isError).toBe(false);
    expect(body(result)).toMatch(
      new RegExp(
        `^# Workflow run ${run.id} \\(CI\\) succeeded\\n- watched 6s, 3 polls\\n- CI #1 \\[completed: success\\] \\S+/actions/runs/${run.id}$`,
      ),
    );
    expect(world.sleeps).toEqual([3000, 3000]);
    expect(result.details).toMatchObject({
      mode: "run",
      runIds: [run.id],
      status: "succeeded",
      conclusion: "success",
      failedJobs: [],
    });
    expect(world.fixture.artifacts.allocated).toBe(0);
  });

  it("on a failed job, waits 5 s for concurrent failures, then reports log tails and saves full logs", async () => {
    const buildLog = Array.from({ length: 30 }, (_, i) => `build line ${i + 1}`).join("\r\n");
    const run = world.gh.addWorkflowRun({
      name: "Tests",
      headSha: SHA,
      steps: [
        running(job("build", "in_progress"), job("test", "in_progress")),
        running(job("build", "completed", "failure", buildLog), job("test", "in_progress")),
        done(
          "failure",
          job("build", "completed", "failure", buildLog),
          job("test", "completed", "timed_out", "test\tstarted\ntest hung\n"),
        ),
      ],
    });
    const result = await world.call({
      op: "run_watch",
      run: `https://github.com/acme/widgets/actions/runs/${run.id}`,
      tail: 3,
    });
    expect(world.sleeps).toEqual([3000, 5000]);
    const text = body(result);
    expect(text).toContain(`# Workflow run ${run.id} (Tests) failed`);
    expect(text).toContain("- Failure detected; waited 5s for concurrent failures.");
    expect(text).toContain(
      "## Failed Jobs\n\n### build [failure]\n```\nbuild line 28\nbuild line 29\nbuild line 30\n```",
    );
    expect(text).toContain("### test [timed_out]\n```\ntest    started\ntest hung\n```");
    const ref = /- Full failed-job logs: (artifact:\/\/\d+)/.exec(text)?.[1];
    expect(ref).toBeDefined();
    const full = readFileSync(world.fixture.artifacts.resolve(ref!)!, "utf8");
    expect(full).toContain(
      `===== Tests / build [failure] (job ${run.jobIds.build}) =====\nbuild line 1\nbuild line 2\n`,
    );
    expect(full).toContain("build line 30");
    expect(full).toContain("===== Tests / test [timed_out]");
    expect(result.details).toMatchObject({
      status: "failed",
      conclusion: "failure",
      artifactId: "1",
      failedJobs: [{ name: "build" }, { name: "test" }],
    });
  });

  it("keeps the first failures when a re-run resets them during the grace period", async () => {
    const run = world.gh.addWorkflowRun({
      headSha: SHA,
      steps: [
        running(job("build", "completed", "failure", "boom")),
        running(job("build", "in_progress", undefined, "boom")),
      ],
    });
    const text = body(await world.call({ op: "run_watch", run: run.id }));
    expect(text).toContain("### build [failure]\n```\nboom\n```");
  });

  it("says so when a failed job's log is gone, without failing the watch", async () => {
    const run = world.gh.addWorkflowRun({
      headSha: SHA,
      steps: [done("failure", job("build", "completed", "failure"))],
    });
    const result = await world.call({ op: "run_watch", run: run.id });
    expect(result.isError).toBe(false);
    expect(body(result)).toContain("### build [failure]\nLog tail unavailable.");
    expect(body(result)).not.toContain("artifact://");
    expect(world.sleeps).toEqual([]);
  });

  it("waits out rate limits, 15 s at a time", async () => {
    const run = world.gh.addWorkflowRun({
      headSha: SHA,
      steps: [done("success", job("build", "completed", "success"))],
    });
    world.gh.failNext({
      path: /\/actions\/runs\/\d+$/,
      status: 403,
      body: { message: "API rate limit exceeded" },
      headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1" },
      times: 2,
    });
    const result = await world.call({ op: "run_watch", run: run.id });
    expect(world.sleeps).toEqual([15_000, 15_000]);
    expect(body(result)).toContain("succeeded\n- watched 30s, 3 polls, rate limited 2× (waited 15s each)");
  });

  it("gives up after five rate limits in a row", async () => {
    const run = world.gh.addWorkflowRun({ headSha: SHA, steps: [done("success")] });
    world.gh.failNext({
      path: /\/actions\/runs\/\d+$/,
      status: 429,
      body: { message: "You have exceeded a secondary rate limit." },
      times: 100,
    });
    const result = await world.call({ op: "run_watch", run: run.id });
    expect(result.isError).toBe(true);
    expect(body(result)).toMatch(/^GitHub secondary rate limit hit \(429/);
    expect(world.sleeps).toEqual([15_000, 15_000, 15_000, 15_000, 15_000]);
  });

  it("polls every 15 s after the first minute", async () => {
    const steps: RunStep[] = [
      ...Array.from({ length: 24 }, () => running(job("build", "in_progress"))),
      done("success", job("build", "completed", "success")),
    ];
    const run = world.gh.addWorkflowRun({ headSha: SHA, steps });
    await world.call({ op: "run_watch", run: run.id });
    expect(world.sleeps.slice(0, 20).every((ms) => ms === 3000)).toBe(true);
    expect(world.sleeps.slice(20)).toEqual([15_000, 15_000, 15_000, 15_000]);
  });

  it("stops when the run is cancelled while it waits, reporting the last poll", async () => {
    const run = world.gh.addWorkflowRun({ headSha: SHA, steps: [running(job("build", "in_progress"))] });
    const controller = new AbortController();
    const sleep = async () => controller.abort();
    const result = await world.call(
      { op: "run_watch", run: run.id },
      { sleep, context: { signal: controller.signal } },
    );
    expect(body(result)).toMatch(
      new RegExp(`^# Workflow run ${run.id} \\(CI\\) cancelled\\n- watched 0s, 1 polls\\n- CI #1 \\[in_progress\\]`),
    );
    expect(result.details).toMatchObject({ status: "cancelled", conclusion: null });
  });

  it("a cancelled request reports the cancellation", async () => {
    const run = world.gh.addWorkflowRun({ headSha: SHA, steps: [running(job("build", "in_progress"))] });
    const controller = new AbortController();
    controller.abort();
    const result = await world.call({ op: "run_watch", run: run.id }, { context: { signal: controller.signal } });
    expect(result.isError).toBe(true);
    expect(body(result)).toBe("run_watch was cancelled: the run is stopping.");
  });

  it.each([
    [{ op: "run_watch" as const, run: "latest" }, "invalid run: latest"],
    [{ op: "run_watch" as const, run: "https://github.com/acme/widgets/pull/2" }, "not a workflow run URL"],
    [{ op: "run_watch" as const, run: 1, tail: 0 }, "tail must be a positive number"],
    [
      { op: "run_watch" as const, repo: "other/repo" },
      "Cannot infer the watched commit: the workspace is a checkout of acme/widgets, not other/repo. Pass `branch` or `run`.",
    ],
  ])("refuses %j before any request", async (args, message) => {
    const result = await world.call(args);
    expect(body(result)).toContain(message);
    expect(audit(result).status).toBe("invalid");
    expect(world.gh.requests).toEqual([]);
  });
});

describe("commit mode", () => {
  let repo: TempRepo;

  beforeEach(async () => {
    repo = await createTempRepo();
  });

  afterEach(() => repo.cleanup());

  it("watches every run of HEAD and succeeds only when two polls agree, catching a run that appears late", async () => {
    const head = await repo.git("rev-parse", "HEAD");
    world.gh.addWorkflowRun({
      name: "CI",
      headSha: head,
      steps: [done("success", job("build", "completed", "success"))],
    });
    world.gh.addWorkflowRun({
      name: "Lint",
      headSha: head,
      appearAfter: 1,
      steps: [running(job("lint", "in_progress")), done("success", job("lint", "completed", "success"))],
    });
    world.gh.addWorkflowRun({
      name: "Other commit",
      headSha: SHA,
      steps: [done("failure", job("x", "completed", "failure", "not ours"))],
    });

    const result = await world.call({ op: "run_watch" }, { context: { workspace: repo.dir } });
    expect(body(result)).toMatch(
      new RegExp(
        `^# Workflow runs for ${head.slice(0, 12)} succeeded\\n- 2 runs · watched 9s, 4 polls\\n- Lint #2 \\[completed: success\\] \\S+\\n- CI #1 \\[completed: success\\]`,
      ),
    );
    expect(world.sleeps).toEqual([3000, 3000, 3000]);
    expect(
      world.gh.requests
        .filter((request) => request.path === "/repos/acme/widgets/actions/runs")
        .every((request) => request.query.head_sha === head && request.query.branch === undefined),
    ).toBe(true);
    expect(result.details).toMatchObject({ mode: "commit", headSha: head, status: "succeeded" });
  });

  it("watches a branch's head commit, and reports any failing run after the grace period", async () => {
    world.gh.setBranch("release", SHA);
    world.gh.addWorkflowRun({
      name: "CI",
      headSha: SHA,
      steps: [
        running(job("build", "in_progress")),
        done("failure", job("build", "completed", "failure", "error TS2322")),
      ],
    });
    world.gh.addWorkflowRun({
      name: "Docs",
      headSha: SHA,
      steps: [done("success", job("docs", "completed", "success"))],
    });
    const text = body(await world.call({ op: "run_watch", branch: "release" }));
    expect(world.sleeps).toEqual([3000, 5000]);
    expect(text).toContain(`# Workflow runs for ${SHA.slice(0, 12)} failed`);
    expect(text).toContain("### build [failure]\n```\nerror TS2322\n```");
  });

  it("gives up when no run appears within 90 s", async () => {
    const result = await world.call({ op: "run_watch" }, { context: { workspace: repo.dir } });
    expect(result.isError).toBe(true);
    expect(body(result)).toMatch(
      /^no workflow runs appeared for [0-9a-f]{12} in 90s: is a workflow triggered for this commit\? Pass run to watch a specific run\.$/,
    );
    // 20 polls 3 s apart fill the first minute, then 15 s apart until 90 s.
    expect(world.sleeps).toEqual([...Array.from({ length: 20 }, () => 3000), 15_000, 15_000]);
  });
});
