import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import * as workflow from "../../../src/actions/log.ts";

describe("workflow commands", () => {
  const lines: string[] = [];
  const restore = workflow.redirectLog((line) => void lines.push(line));
  afterEach(() => void lines.splice(0));
  afterAll(() => restore());

  it("writes each command on one line, escaping line breaks and percent signs in the message", () => {
    workflow.warning("first line\nsecond 100%\r\nthird");
    expect(lines).toEqual(["::warning::first line%0Asecond 100%25%0D%0Athird"]);
  });

  it("escapes the title property, whose : and , would end it early", () => {
    workflow.error("broken", "gitclaw: guard, step 1");
    expect(lines).toEqual(["::error title=gitclaw%3A guard%2C step 1::broken"]);
  });

  it("groups, masks and plain lines", () => {
    workflow.startGroup("gitclaw: turn 1");
    workflow.info("plain %0A stays as it is");
    workflow.endGroup();
    workflow.setSecret("sk-multi\nline");
    expect(lines).toEqual([
      "::group::gitclaw: turn 1",
      "plain %0A stays as it is",
      "::endgroup::",
      "::add-mask::sk-multi%0Aline",
    ]);
  });

  it("writes a plain line that could read as a command between stop-commands and its token", () => {
    const hostile = "bash\n::error::forged\r  ::add-mask::gitclaw and ##[set-output name=x]y";
    workflow.info(hostile);
    workflow.info("gitclaw: a line with :: inside and # signs stays as it is");
    const token = lines[0]!.slice("::stop-commands::".length);
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines).toEqual([
      `::stop-commands::${token}`,
      hostile,
      `::${token}::`,
      "gitclaw: a line with :: inside and # signs stays as it is",
    ]);
    lines.splice(0);
    workflow.info("::warning::again");
    expect(lines[0]).not.toBe(`::stop-commands::${token}`);
  });
});

describe("appendSummary", () => {
  it("appends Markdown to the step summary file", () => {
    const dir = mkdtempSync(join(tmpdir(), "summary-"));
    try {
      const file = join(dir, "summary.md");
      workflow.appendSummary(file, "# one");
      workflow.appendSummary(file, "| a |\n|---|");
      expect(readFileSync(file, "utf8")).toBe("# one\n| a |\n|---|\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("says what is missing when there is no summary file", () => {
    expect(() => workflow.appendSummary(undefined, "x")).toThrow("GITHUB_STEP_SUMMARY is not set");
  });
});
