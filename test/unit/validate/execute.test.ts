// The validation commands run as the bash tool runs one (src/validate/execute.ts): each to its end
// whatever the others did, passed only on exit 0, stopped at the time limit and counted as failed,
// the output's tail kept and redacted.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCommands } from "../../../src/validate/execute.ts";
import { createRedactor } from "../../../src/redact.ts";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("runCommands", () => {
  it("runs each command, reads exit codes, stops one at the limit, and keeps a redacted tail", async () => {
    dir = mkdtempSync(join(tmpdir(), "gitclaw-validate-"));
    const runner = {
      workspace: dir,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
      signal: new AbortController().signal,
      redact: createRedactor(["hunter2-secret-value"]),
    };
    const commands = ["seq 1 100; echo 'token hunter2-secret-value'; exit 3", "sleep 30", "pwd"];
    const [failed, slow, where] = await runCommands(commands, runner, { timeoutSeconds: 1 });
    expect(failed).toMatchObject({ passed: false, exitCode: 3, timedOut: false });
    expect(failed!.tail.split("\n")).toHaveLength(40);
    expect(failed!.tail).toContain("token [REDACTED]");
    expect(failed!.tail).not.toContain("\n60\n");
    expect(slow).toMatchObject({ passed: false, timedOut: true });
    expect(slow!.tail).toContain("stopped after 1 s");
    expect(slow!.durationMs).toBeLessThan(15_000);
    expect(where).toMatchObject({ passed: true, exitCode: 0, tail: dir });
  });
});
