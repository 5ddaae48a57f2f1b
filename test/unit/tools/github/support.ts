// The github tool against the GitHub emulator: a real Octokit client over loopback HTTP, a fake
// clock whose sleep advances time and the emulator's scripted workflow runs, and the shared tool
// fixture (workspace, artifacts, redactor).
import { createGitHubClient, type GitHubClient } from "../../../../src/github/client.ts";
import { callTool } from "../../../../src/tools/call.ts";
import {
  createGitHubTool,
  type GitHubArgs,
  type GitHubAudit,
  type GitHubToolOptions,
} from "../../../../src/tools/github/index.ts";
import type { ToolContext, ToolResult } from "../../../../src/tools/types.ts";
import { startGitHubEmulator, type GitHubEmulator } from "../../../support/github-emulator.ts";
import { afterEach, beforeEach, expect } from "vitest";
import { createFixture, type Fixture } from "../support.ts";

export const TOKEN = "ghs_emulatortoken0123456789";
export const REPO = { owner: "acme", repo: "widgets" };
export const HOST = "github.com";
/** The clock starts here: the date-bound vectors of the spec are given at this instant. */
export const START = Date.parse("2026-05-12T15:00:00Z");

export interface World {
  gh: GitHubEmulator;
  github: GitHubClient;
  fixture: Fixture;
  /** Every sleep the tool asked for, in ms. */
  sleeps: number[];
  now(): number;
  /** Runs one call of a tool made with `options` (default: the stock tool). */
  call(
    args: GitHubArgs,
    options?: Partial<GitHubToolOptions> & { context?: Partial<ToolContext> },
  ): Promise<ToolResult>;
  /** Requests the emulator received since the world started (or since `mark`). */
  requestsSince(mark: number): GitHubEmulator["requests"];
  stop(): Promise<void>;
}

/**
 * The production client's Octokit class with its pacing off: the throttling plugin spaces searches
 * 2 s and writes 1 s apart process-wide, which would make every test wait. Retries stay on, with
 * millisecond backoff. `production: true` gives the client of src/github/client.ts instead.
 */
export function testClient(baseUrl: string, options: { production?: boolean; token?: string } = {}): GitHubClient {
  const token = options.token ?? TOKEN;
  if (options.production) return createGitHubClient({ token, baseUrl, retryAfterBaseValue: 1 });
  return createGitHubClient({ token, baseUrl, retryAfterBaseValue: 1, paced: false });
}

export async function startWorld(): Promise<World> {
  const gh = await startGitHubEmulator({ ...REPO, token: TOKEN });
  const github = testClient(gh.url);
  const fixture = createFixture();
  const sleeps: number[] = [];
  let time = START;
  const now = () => time;
  const sleep = async (ms: number) => {
    sleeps.push(ms);
    time += ms;
    gh.advanceWorkflowRuns();
  };
  return {
    gh,
    github,
    fixture,
    sleeps,
    now,
    call: (args, { context, ...options } = {}) =>
      callTool(
        createGitHubTool({ github, repo: REPO, host: HOST, now, sleep, ...options }),
        args,
        fixture.context(context),
      ),
    requestsSince: (mark) => gh.requests.slice(mark),
    async stop() {
      await gh.stop();
      fixture.cleanup();
    },
  };
}

export function audit(result: ToolResult): GitHubAudit {
  const record = result.details?.audit;
  if (!record) throw new Error(`no audit in result: ${result.text.slice(0, 200)}`);
  return record as GitHubAudit;
}

/** The result text after its header line. */
export function body(result: ToolResult): string {
  return result.text.slice(result.text.indexOf("\n") + 1);
}

export function headerLine(result: ToolResult): string {
  return result.text.split("\n")[0]!;
}

/**
 * A fresh world for every test of the enclosing block, seeded by `seed`, stopped after each test
 * with a check that every emulator response matched GitHub's schema. The returned object stands for
 * the current world.
 */
export function useWorld(seed?: (world: World) => void | Promise<void>): World {
  let current: World | undefined;
  beforeEach(async () => {
    current = await startWorld();
    await seed?.(current);
  });
  afterEach(async () => {
    await current!.stop();
    expect(current!.gh.violations).toEqual([]);
  });
  return new Proxy({} as World, { get: (_, key) => current![key as keyof World] });
}
