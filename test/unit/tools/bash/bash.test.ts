import { mkdirSync, realpathSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { liftLeadingCd } from "../../../../src/tools/bash/bash.ts";
import type { ToolContext, ToolResult } from "../../../../src/tools/types.ts";
import { findTool, useTools, isRunning, readArtifact, REDACTED, SECRET } from "../support.ts";

const { fixture, toolset } = useTools();

const bash = (args: Record<string, unknown>, context: ToolContext = fixture.context()): Promise<ToolResult> =>
  findTool(toolset.tools, "bash").execute(args, context);

describe("bash arguments", () => {
  it("rejects an invalid env name", async () => {
    const result = await bash({ command: "true", env: { GOOD: "1", "1BAD": "x" } });
    expect(result).toMatchObject({ isError: true, text: "Invalid bash env name: 1BAD" });
  });

  it("turns schema violations into an error result", async () => {
    const result = await bash({ timeout: 5 });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/^Invalid arguments for bash: command: /);
  });

  it.each([
    [0, 1],
    [99999, 3600],
  ])("clamps timeout %d to %d with a notice", async (requested, effective) => {
    const result = await bash({ command: "echo hi", timeout: requested });
    expect(result.isError).toBe(false);
    expect(result.text).toBe(
      `hi\n\nTimeout clamped to ${effective}s (requested ${requested}s; allowed range 1-3600s).`,
    );
    expect(result.details).toMatchObject({ timeoutSeconds: effective, requestedTimeoutSeconds: requested });
  });

  it("uses 300 seconds by default, without a notice", async () => {
    const result = await bash({ command: "echo hi" });
    expect(result.text).toBe("hi");
    expect(result.details).toMatchObject({ timeoutSeconds: 300, requestedTimeoutSeconds: 300, exitCode: 0 });
    expect(typeof result.details?.wallTimeMs).toBe("number");
  });

  it("reports a missing working directory and one that is a file", async () => {
    writeFileSync(join(fixture.workspace, "file.txt"), "x");
    expect(await bash({ command: "pwd", cwd: "nope" })).toMatchObject({
      isError: true,
      text: "Working directory does not exist: nope",
    });
    expect(await bash({ command: "pwd", cwd: "file.txt" })).toMatchObject({
      isError: true,
      text: "Working directory is not a directory: file.txt",
    });
  });

  it("runs in cwd resolved against the workspace", async () => {
    mkdirSync(join(fixture.workspace, "sub"));
    const result = await bash({ command: "pwd", cwd: "sub" });
    expect(result.text).toBe(realpathSync(join(fixture.workspace, "sub")));
  });

  it("lifts a leading `cd dir &&` into cwd", async () => {
    mkdirSync(join(fixture.workspace, "sub dir"));
    const lifted = await bash({ command: "cd 'sub dir' && pwd" });
    expect(lifted.text).toBe(realpathSync(join(fixture.workspace, "sub dir")));
    expect(lifted.details?.cwd).toBe(join(fixture.workspace, "sub dir"));
    // Lifted, the directory is checked like `cwd` instead of failing inside the shell.
    expect(await bash({ command: "cd missing && pwd" })).toMatchObject({
      isError: true,
      text: "Working directory does not exist: missing",
    });
  });

  it("leaves `cd` alone when cwd is given or the word needs the shell", () => {
    expect(liftLeadingCd("cd src && make")).toEqual({ cwd: "src", command: "make" });
    expect(liftLeadingCd('cd "a b" &&  ls -la')).toEqual({ cwd: "a b", command: "ls -la" });
    expect(liftLeadingCd("cd $HOME && ls")).toBeUndefined();
    expect(liftLeadingCd("cd ~/x && ls")).toBeUndefined();
    expect(liftLeadingCd("cd - && ls")).toBeUndefined();
    expect(liftLeadingCd("cd src; make")).toBeUndefined();
  });

  it("keeps an explicit cwd and lets the shell run the cd", async () => {
    mkdirSync(join(fixture.workspace, "a", "b"), { recursive: true });
    const result = await bash({ command: "cd b && pwd", cwd: "a" });
    expect(result.text).toBe(realpathSync(join(fixture.workspace, "a", "b")));
    expect(result.details?.cwd).toBe(join(fixture.workspace, "a"));
  });
});

describe("bash environment", () => {
  it("layers non-interactive variables over the base env and the caller's env over both", async () => {
    process.env.GITCLAW_TOOLS_LEAK_CHECK = "leaked";
    try {
      const context = fixture.context();
      const result = await bash(
        {
          command:
            'echo "$FROM_BASE $FROM_CALLER $CI $GIT_TERMINAL_PROMPT $GH_PROMPT_DISABLED $GIT_PAGER $PAGER ${GITCLAW_TOOLS_LEAK_CHECK:-absent}"',
          env: { FROM_CALLER: "caller", PAGER: "less" },
        },
        { ...context, env: { ...context.env, FROM_BASE: "base", CI: "overridden-by-tool" } },
      );
      expect(result.text).toBe("base caller true 0 1 cat less absent");
    } finally {
      delete process.env.GITCLAW_TOOLS_LEAK_CHECK;
    }
  });

  it("gives the command an empty stdin, so reading it does not hang", async () => {
    const result = await bash({ command: "cat; read line; echo done", timeout: 5 });
    expect(result.text).toBe("done");
  });
});

describe("bash results", () => {
  it("merges stdout and stderr in the order they were written", async () => {
    const result = await bash({ command: "echo 1; echo 2 >&2; echo 3; echo 4 >&2; echo 5" });
    expect(result.text).toBe("1\n2\n3\n4\n5");
  });

  it("says (no output) when there is none", async () => {
    expect(await bash({ command: "true" })).toMatchObject({ isError: false, text: "(no output)" });
  });

  it("returns a non-zero exit as an error result ending with the code", async () => {
    const result = await bash({ command: "echo oops; exit 3" });
    expect(result).toMatchObject({ isError: true, text: "oops\n\nCommand exited with code 3" });
    expect(result.details?.exitCode).toBe(3);
  });

  it("shows the command's own shell errors with its own line numbers", async () => {
    const result = await bash({ command: "echo ok\necho (" });
    expect(result.text).toMatch(/^ok\nbash: eval: line 2: syntax error/);
    expect(result.text).not.toContain("exec 2>&1");
    expect(result.text.endsWith("Command exited with code 2")).toBe(true);
  });

  it("redacts secrets in the window and in the artifact", async () => {
    const result = await bash({
      command: 'echo "first $TOKEN"; for i in $(seq 1 10000); do echo "line $i"; done; echo "last $TOKEN"',
      env: { TOKEN: SECRET },
    });
    expect(result.text).not.toContain(SECRET);
    expect(result.text).toContain(`first ${REDACTED}`);
    expect(result.text).toContain(`last ${REDACTED}`);
    const { content } = readArtifact(result, fixture.artifacts);
    expect(content).not.toContain(SECRET);
    expect(content.startsWith(`first ${REDACTED}\nline 1\n`)).toBe(true);
    expect(content.endsWith(`line 10000\nlast ${REDACTED}\n`)).toBe(true);
  });

  it("stops background leftovers when the command returns", async () => {
    const result = await bash({ command: "sleep 60 & echo $!" });
    const pid = Number(result.text);
    expect(pid).toBeGreaterThan(0);
    expect(isRunning(pid)).toBe(false);
  });
});

describe("bash output bounds", () => {
  it("keeps the window near 50 KB and the artifact at most 1 MiB for huge output, with bounded memory", async () => {
    let peakRss = process.memoryUsage().rss;
    const baseline = peakRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 20);
    const result = await bash({ command: "yes | head -c 200000000" });
    clearInterval(sampler);

    expect(result.isError).toBe(false);
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(52 * 1024);
    expect(result.text.startsWith("y\ny\ny\n")).toBe(true);
    expect(result.text).toMatch(/\[… \d+ lines \([\d.]+ MB\) elided …\]/);
    expect(result.text).toMatch(
      /\[Showing lines 1-\d+ and \d+-100000000 of 100000000; \d+ middle lines \([\d.]+ MB\) elided\./,
    );
    const { ref, content } = readArtifact(result, fixture.artifacts);
    expect(result.text.endsWith(`of the middle left out): ${ref} (open it with the read tool).]`)).toBe(true);
    expect(result.text).toMatch(/Full output \(190\.7 MB capped: [\d.]+ MB of the middle left out\)/);
    const artifactPath = fixture.artifacts.resolve(ref) ?? "";
    expect(statSync(artifactPath).size).toBeLessThanOrEqual(1024 * 1024);
    expect(content.startsWith("y\ny\n")).toBe(true);
    expect(content).toMatch(
      /\n\[… [\d.]+ MB elided: this log keeps the first 512\.0 KB and the last [\d.]+ KB of 190\.7 MB …\]\n/,
    );
    expect(content.endsWith("y\ny\n")).toBe(true);
    // Buffering the output would need at least 200 MB more.
    expect(peakRss - baseline).toBeLessThan(150 * 1024 * 1024);

    const read = await findTool(toolset.tools, "read").execute({ path: ref, limit: 3 }, fixture.context());
    expect(read.text.startsWith("y\ny\ny\n\n[Showing lines 1-3 of ")).toBe(true);
  });

  it("cuts overlong lines and saves the full line to an artifact", async () => {
    const result = await bash({ command: "head -c 3000 /dev/zero | tr '\\0' x; echo; echo end" });
    expect(result.text.split("\n")[0]).toBe(`${"x".repeat(768)}…`);
    expect(result.text).toContain("\nend\n\n[1 long line cut at 768 characters. Full output: artifact://");
    expect(readArtifact(result, fixture.artifacts).content).toBe(`${"x".repeat(3000)}\nend\n`);
  });

  it("creates no artifact when the window holds everything", async () => {
    const result = await bash({ command: "seq 1 100" });
    expect(result.text.split("\n")).toHaveLength(100);
    expect(result.text).not.toContain("artifact://");
    expect(fixture.artifacts.allocated).toBe(0);
  });
});
