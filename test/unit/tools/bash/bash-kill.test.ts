// Timeouts and cancellation: the whole process group goes, even parts that ignore SIGTERM.
import { describe, expect, it } from "vitest";
import { KILL_GRACE_MS, startProcess } from "../../../../src/tools/bash/process.ts";
import type { ToolContext, ToolResult } from "../../../../src/tools/types.ts";
import { findTool, useTools, isRunning } from "../support.ts";

const { fixture, toolset } = useTools();

const bash = (args: Record<string, unknown>, context: ToolContext = fixture.context()): Promise<ToolResult> =>
  findTool(toolset.tools, "bash").execute(args, context);

const timed = async <T>(run: () => Promise<T>): Promise<{ value: T; seconds: number }> => {
  const started = performance.now();
  const value = await run();
  return { value, seconds: (performance.now() - started) / 1000 };
};

describe("bash timeout and cancel", () => {
  it("stops a command at its timeout and keeps what it printed", async () => {
    const { value: result, seconds } = await timed(() =>
      bash({ command: "echo before; sleep 30; echo after", timeout: 1 }),
    );
    expect(result).toMatchObject({ isError: true, text: "before\n\nCommand timed out after 1 seconds" });
    expect(result.details?.stopReason).toBe("timeout");
    expect(seconds).toBeLessThan(3);
  });

  it("kills a command that ignores SIGTERM, and its background child, within the grace period", async () => {
    const { value: result, seconds } = await timed(() =>
      bash({ command: "trap '' TERM; sleep 100 & echo $$ $!; sleep 100", timeout: 1 }),
    );
    expect(result.isError).toBe(true);
    expect(result.text.endsWith("Command timed out after 1 seconds")).toBe(true);
    const [shellPid, childPid] = (result.text.split("\n")[0] ?? "").split(" ").map(Number);
    expect(shellPid).toBeGreaterThan(0);
    expect(childPid).toBeGreaterThan(0);
    expect(isRunning(shellPid ?? 0)).toBe(false);
    expect(isRunning(childPid ?? 0)).toBe(false);
    // SIGTERM at 1 s is ignored; SIGKILL follows after the grace period.
    expect(seconds).toBeGreaterThan(1 + KILL_GRACE_MS / 1000 - 0.5);
    expect(seconds).toBeLessThan(1 + KILL_GRACE_MS / 1000 + 2);
  });

  it("stops the command when the run is aborted", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const { value: result, seconds } = await timed(() =>
      bash({ command: "echo started; sleep 30 & echo $!; wait" }, { ...fixture.context(), signal: controller.signal }),
    );
    expect(result.isError).toBe(true);
    const [first, pid] = result.text.split("\n");
    expect(first).toBe("started");
    expect(result.text.endsWith("Command aborted: the run is being cancelled")).toBe(true);
    expect(isRunning(Number(pid))).toBe(false);
    expect(seconds).toBeLessThan(3);
  });

  it("does not run a command when the run is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await bash({ command: "sleep 30" }, { ...fixture.context(), signal: controller.signal });
    expect(result).toMatchObject({ isError: true, text: "Command not run: the run is being cancelled" });
  });
});

describe("startProcess", () => {
  const start = (cwd: string, onOutput: (bytes: Uint8Array) => void = () => {}) =>
    startProcess({
      command: "echo hi",
      cwd,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
      timeoutMs: 5_000,
      signal: new AbortController().signal,
      onOutput,
    });

  it("names a working directory that vanished, not the shell, when the spawn fails", async () => {
    const outcome = await start("/nonexistent/gitclaw-dir").finished;
    expect(outcome).toMatchObject({
      exitCode: null,
      signal: null,
      spawnError: "the working directory /nonexistent/gitclaw-dir does not exist",
    });
  });

  it("hands over raw bytes that stay valid for the call only (each pipe chunk is freed after it)", async () => {
    const copies: string[] = [];
    const views: Uint8Array[] = [];
    const outcome = await start(fixture.workspace, (bytes) => {
      copies.push(Buffer.from(bytes).toString());
      views.push(bytes);
    }).finished;
    expect(outcome.exitCode).toBe(0);
    expect(copies.join("")).toBe("hi\n");
    // The chunk's memory was released once the callback returned.
    expect(views.every((view) => view.byteLength === 0)).toBe(true);
  });
});
