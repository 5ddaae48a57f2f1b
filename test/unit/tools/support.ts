// Shared fixtures for the tool tests: a real temporary workspace, a real file-backed artifact
// store and a redactor that replaces one known secret.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";
import { callTool } from "../../../src/tools/call.ts";
import { createTools, type ToolSet } from "../../../src/tools/index.ts";
import type { ArtifactStore, Tool, ToolContext, ToolResult } from "../../../src/tools/types.ts";

export const SECRET = "ghp_SENTINEL0123456789abcdefSECRET";
export const REDACTED = "[REDACTED]";

export class TestArtifactStore implements ArtifactStore {
  readonly #dir: string;
  readonly #paths = new Map<string, string>();
  #next = 1;

  constructor(dir: string) {
    this.#dir = dir;
  }

  allocate(kind: string): { id: string; ref: string; path: string } {
    const id = String(this.#next++);
    const ref = `artifact://${id}`;
    const path = join(this.#dir, `${id}-${kind}`);
    this.#paths.set(ref, path);
    return { id, ref, path };
  }

  resolve(ref: string): string | undefined {
    return this.#paths.get(ref);
  }

  get allocated(): number {
    return this.#paths.size;
  }
}

export interface Fixture {
  workspace: string;
  /** The run's directory for PR worktrees, beside the workspace as the sandbox's is. */
  worktrees: string;
  artifacts: TestArtifactStore;
  context(overrides?: Partial<ToolContext>): ToolContext;
  cleanup(): void;
}

export function createFixture(): Fixture {
  const root = mkdtempSync(join(tmpdir(), "gitclaw-tools-"));
  const workspace = join(root, "workspace");
  const artifactsDir = join(root, "artifacts");
  const worktrees = join(root, "worktrees");
  for (const dir of [workspace, artifactsDir, worktrees]) mkdirSync(dir);
  const artifacts = new TestArtifactStore(artifactsDir);
  return {
    workspace,
    worktrees,
    artifacts,
    context: (overrides = {}) => ({
      workspace,
      signal: new AbortController().signal,
      // The base environment the orchestrator would build: no secrets, just what commands need.
      env: { PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin", HOME: root, LANG: "C.UTF-8" },
      artifacts,
      redact: (text) => text.replaceAll(SECRET, REDACTED),
      worktreesDir: worktrees,
      ...overrides,
    }),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * A PR worktree as pr_checkout leaves it, for path rules only: `<worktrees>/<dir>/<branch>` with a
 * `.git` file (no repository behind it). Returns its path.
 */
export function makeWorktree(fixture: Fixture, dir = "acme-widgets", branch = "pr-1"): string {
  const path = join(fixture.worktrees, dir, branch);
  mkdirSync(path, { recursive: true });
  writeFileSync(join(path, ".git"), `gitdir: ${join(fixture.workspace, ".git", "worktrees", branch)}\n`);
  return path;
}

/** A tool by name, called as the agent loop calls it: its arguments validated first (src/tools/call.ts). */
export function findTool(tools: Tool[], name: string): Tool {
  const tool = tools.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool named ${name} in ${tools.map((t) => t.name).join(", ")}`);
  return { ...tool, execute: (args, context) => callTool(tool, args, context) };
}

/** The artifact reference a result mentions, and its file content. */
export function readArtifact(result: ToolResult, artifacts: TestArtifactStore): { ref: string; content: string } {
  const ref = /artifact:\/\/\d+/.exec(result.text)?.[0];
  if (!ref) throw new Error(`no artifact reference in: ${result.text.slice(-500)}`);
  const path = artifacts.resolve(ref);
  if (!path) throw new Error(`unknown artifact ${ref}`);
  return { ref, content: readFileSync(path, "utf8") };
}

/**
 * Whether a process still runs. `kill -0` also succeeds for zombies, and in containers whose init
 * does not reap orphans a killed process stays a zombie, so the state in /proc decides.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
    return state !== "Z" && state !== "X";
  } catch {
    return process.platform !== "linux";
  }
}

/** A fresh fixture and tool set for every test of a file, disposed after it; the objects stand for the current ones. */
export function useTools(): { fixture: Fixture; toolset: ToolSet } {
  let current: { fixture: Fixture; toolset: ToolSet } | undefined;
  beforeEach(() => {
    current = { fixture: createFixture(), toolset: createTools() };
  });
  afterEach(async () => {
    await current?.toolset.dispose();
    current?.fixture.cleanup();
  });
  const delegate = <K extends "fixture" | "toolset">(key: K) =>
    new Proxy({} as NonNullable<typeof current>[K], {
      get: (_, property) => (current![key] as never)[property as never],
    });
  return { fixture: delegate("fixture"), toolset: delegate("toolset") };
}
