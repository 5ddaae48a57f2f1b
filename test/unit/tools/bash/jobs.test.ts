import { describe, expect, it } from "vitest";
import { createTools } from "../../../../src/tools/index.ts";
import type { ToolResult } from "../../../../src/tools/types.ts";
import { findTool, useTools, isRunning, readArtifact, REDACTED, SECRET } from "../support.ts";

const { fixture, toolset } = useTools();

const bash = (args: Record<string, unknown>): Promise<ToolResult> =>
  findTool(toolset.tools, "bash").execute(args, fixture.context());
const job = (args: Record<string, unknown>): Promise<ToolResult> =>
  findTool(toolset.tools, "job").execute(args, fixture.context());

const startJob = async (command: string, extra: Record<string, unknown> = {}): Promise<string> => {
  const started = await bash({ command, async: true, ...extra });
  expect(started.isError).toBe(false);
  const id = (started.details!.async as { jobId: string }).jobId;
  expect(started.text.startsWith(`Background job ${id} started: ${command.split("\n")[0]}`)).toBe(true);
  return id;
};

/** Polls until the job has ended: the final result, and every poll's text. */
const pollUntilEnded = async (id: string): Promise<{ final: ToolResult; texts: string[] }> => {
  const texts: string[] = [];
  for (let attempt = 0; attempt < 10; attempt++) {
    const result = await job({ poll: id, wait: 5 });
    texts.push(result.text);
    if (result.details?.state !== "running") return { final: result, texts };
  }
  throw new Error(`job ${id} did not end`);
};

describe("background jobs", () => {
  it("start at once, and polls return new output, then the ending", async () => {
    const began = performance.now();
    const id = await startJob("echo first; sleep 1; echo second");
    // Sooner than the command could end: the call did not wait for it.
    expect(performance.now() - began).toBeLessThan(1000);

    const running = await job({ poll: id, wait: 5 });
    expect(running.isError).toBe(false);
    expect(running.text).toMatch(
      new RegExp(`^Job ${id} is still running \\([\\d.]+s\\): echo first; sleep 1; echo second\\n\\nfirst$`),
    );

    // The ending usually comes with the last output, but on a loaded machine it may take one more poll.
    const { final: finished, texts } = await pollUntilEnded(id);
    expect(finished.isError).toBe(false);
    const lastOutput = texts.length === 1 ? "second" : "\\(no output\\)";
    expect(texts[0]?.endsWith("\n\nsecond")).toBe(true);
    expect(finished.text).toMatch(
      new RegExp(`^Job ${id} completed after [\\d.]+s: echo first; sleep 1; echo second\\n\\n${lastOutput}$`),
    );
    expect(finished.details).toMatchObject({ id, state: "completed", exitCode: 0 });

    const again = await job({ poll: id, wait: 5 });
    expect(again.text.endsWith("\n\n(no output)")).toBe(true);
  });

  it("return output printed before the poll at once", async () => {
    const id = await startJob("echo early; sleep 5");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const began = performance.now();
    const result = await job({ poll: id, wait: 5 });
    expect(result.text.endsWith("\n\nearly")).toBe(true);
    expect(performance.now() - began).toBeLessThan(1000);
  });

  it("report a failed job as an error ending with its exit code", async () => {
    const id = await startJob("echo bad; exit 2");
    const { final, texts } = await pollUntilEnded(id);
    expect(final.isError).toBe(true);
    expect(texts[0]?.split("\n\n")[1]).toBe("bad");
    const output = texts.length === 1 ? "bad" : "\\(no output\\)";
    expect(final.text).toMatch(
      new RegExp(`^Job ${id} failed after [\\d.]+s: echo bad; exit 2\\n\\n${output}\\n\\nCommand exited with code 2$`),
    );
  });

  it("time out like foreground commands, with the clamp notice at start", async () => {
    const started = await bash({ command: "echo waiting; sleep 30", async: true, timeout: 0 });
    expect(started.text.endsWith("\nTimeout clamped to 1s (requested 0s; allowed range 1-3600s).")).toBe(true);
    const id = (started.details!.async as { jobId: string }).jobId;
    const { final, texts } = await pollUntilEnded(id);
    expect(final.isError).toBe(true);
    const output = texts.length === 1 ? "waiting" : "\\(no output\\)";
    expect(final.text).toMatch(
      new RegExp(
        ` timed out after [\\d.]+s: echo waiting; sleep 30\\n\\n${output}\\n\\nCommand timed out after 1 seconds$`,
      ),
    );
  });

  it("are listed with their state", async () => {
    expect((await job({ list: true })).text).toBe("No background jobs.");
    const done = await startJob("true");
    await job({ poll: done, wait: 5 });
    const running = await startJob("sleep 30");
    const list = await job({ list: true });
    expect(list.text).toMatch(
      new RegExp(`^${done} \\[completed, [\\d.]+s\\] true\\n${running} \\[running, [\\d.]+s\\] sleep 30$`),
    );
  });

  it("cancel kills the job's whole process group", async () => {
    const id = await startJob("sleep 100 & echo $!; wait");
    const first = await job({ poll: id, wait: 5 });
    const pid = Number(first.text.split("\n").at(-1));
    expect(isRunning(pid)).toBe(true);
    const cancelled = await job({ cancel: id });
    expect(cancelled.isError).toBe(true);
    expect(cancelled.text).toMatch(
      new RegExp(`^Job ${id} cancelled after [\\d.]+s: .*\\n\\n\\(no output\\)\\n\\nCommand cancelled$`),
    );
    expect(isRunning(pid)).toBe(false);
    expect((await job({ cancel: id })).text).toMatch(new RegExp(`^Job ${id} had already ended: ${id} \\[cancelled`));
  });

  it("still running at dispose are killed and noted", async () => {
    const id = await startJob("sleep 100 & echo $!; sleep 100");
    const pid = Number((await job({ poll: id, wait: 5 })).text.split("\n").at(-1));
    const finished = await startJob("true");
    await job({ poll: finished, wait: 5 });
    const notes = await toolset.dispose();
    expect(notes).toEqual([
      `Background job ${id} was still running when the run ended and was killed: sleep 100 & echo $!; sleep 100`,
    ]);
    expect(isRunning(pid)).toBe(false);
  });

  it("stopped by the run's abort are noted at dispose too", async () => {
    const controller = new AbortController();
    const started = await findTool(toolset.tools, "bash").execute(
      { command: "sleep 100", async: true },
      { ...fixture.context(), signal: controller.signal },
    );
    const id = (started.details!.async as { jobId: string }).jobId;
    controller.abort();
    const { final } = await pollUntilEnded(id);
    expect(final.text).toMatch(
      new RegExp(
        `^Job ${id} aborted after [\\d.]+s: sleep 100\\n\\n\\(no output\\)\\n\\nCommand aborted: the run is being cancelled$`,
      ),
    );
    expect(await toolset.dispose()).toEqual([
      `Background job ${id} was still running when the run ended and was killed: sleep 100`,
    ]);
  });

  it("redact output and save long output to an artifact", async () => {
    const id = await startJob('echo "key $TOKEN"; seq 1 20000', { env: { TOKEN: SECRET } });
    const { final, texts } = await pollUntilEnded(id);
    const seen = texts.join("\n");
    expect(seen).toContain(`key ${REDACTED}`);
    expect(seen).not.toContain(SECRET);
    const { content } = readArtifact(final, fixture.artifacts);
    expect(content.startsWith(`key ${REDACTED}\n1\n`)).toBe(true);
    expect(content.endsWith("\n20000\n")).toBe(true);
  });

  it("are refused when the job tool is disabled", async () => {
    const result = await findTool(createTools({ enabled: ["bash"] }).tools, "bash").execute(
      { command: "sleep 30", async: true },
      fixture.context(),
    );
    expect(result).toMatchObject({
      isError: true,
      text: "Background jobs are not available in this run (the job tool is disabled): run the command without async.",
    });
  });

  it("name the artifact at the end even when the last poll's output is short", async () => {
    const id = await startJob("seq 1 20000; sleep 0.5; echo done");
    const running = await job({ poll: id, wait: 5 });
    expect(running.details?.state).toBe("running");
    expect(running.text).toMatch(/\n\[… \d+ lines \([\d.]+ KB\) elided …\]\n/);
    const { final, texts } = await pollUntilEnded(id);
    expect(texts.join("\n")).toMatch(/\ndone\n/);
    expect(final.text).toMatch(
      /\n\n(done|\(no output\))\n\n\[Full output: artifact:\/\/\d+ \(open it with the read tool\)\.\]$/,
    );
    expect(readArtifact(final, fixture.artifacts).content).toBe(
      `${Array.from({ length: 20000 }, (_, i) => i + 1).join("\n")}\ndone\n`,
    );
  });

  it("reject unknown ids and ambiguous requests", async () => {
    expect(await job({ poll: "job-9" })).toMatchObject({
      isError: true,
      text: "No background job job-9. No jobs were started.",
    });
    const id = await startJob("true");
    expect(await job({ cancel: "nope" })).toMatchObject({
      isError: true,
      text: `No background job nope. Known jobs: ${id}.`,
    });
    expect(await job({ poll: id, cancel: id })).toMatchObject({
      isError: true,
      text: "Pass exactly one of `list: true`, `poll: <job id>` or `cancel: <job id>`.",
    });
  });
});
