// The review's parts that decide on their own: reading the model's answer (as real models write it),
// the check's conclusion, the review guidance's section, and the diff's budget (real git).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGit } from "../../../src/git/git.ts";
import { readDiff } from "../../../src/review/diff.ts";
import { conclusionOf, parseReviewAnswer, type Finding } from "../../../src/review/findings.ts";
import { readReviewGuidance, reviewSection } from "../../../src/review/guidance.ts";
import { placeFindings } from "../../../src/review/publish.ts";
import { commitFile, createTempRepo, git, type TempRepo } from "../../support/git-repo.ts";

const finding = (severity: Finding["severity"], line = 1): Finding => ({
  path: "a.ts",
  line,
  severity,
  title: "t",
  body: "b",
});

describe("the model's answer", () => {
  it("is read from a fenced block, bare JSON after a sentence, or capitalised severities", () => {
    const value = { summary: "ok", findings: [{ ...finding("warning"), severity: "WARNING" }] };
    for (const text of [
      `Sure!\n\n\`\`\`json\n${JSON.stringify(value)}\n\`\`\``,
      `My review: ${JSON.stringify(value)} Hope it helps.`,
      JSON.stringify(value),
    ]) {
      const parsed = parseReviewAnswer(text);
      expect(parsed.ok, text).toBe(true);
      if (parsed.ok) expect(parsed.answer.findings[0]!.severity).toBe("warning");
    }
  });

  it("says what is wrong with prose, broken JSON, and a finding without its line", () => {
    expect(parseReviewAnswer("Looks good to me.")).toEqual({ ok: false, error: "the answer holds no JSON object" });
    const broken = parseReviewAnswer('{"summary": "ok", "findings": [}');
    expect(broken.ok || broken.error).toMatch(/^the JSON does not parse: /);
    const missing = parseReviewAnswer('{"summary": "ok", "findings": [{"path": "a.ts", "severity": "error"}]}');
    expect(missing.ok || missing.error).toContain('"findings.0.line"');
  });

  it("concludes success without findings, failure at review.failOn's severity or worse, neutral below it", () => {
    expect(conclusionOf([], "error")).toBe("success");
    expect(conclusionOf([finding("suggestion"), finding("warning")], "error")).toBe("neutral");
    expect(conclusionOf([finding("suggestion"), finding("error")], "error")).toBe("failure");
    expect(conclusionOf([finding("warning")], "warning")).toBe("failure");
    expect(conclusionOf([finding("error")], "never")).toBe("neutral");
  });

  it("goes inline only on lines of the pull request's diff, in one hunk; the rest goes in the body", () => {
    const files = [
      { filename: "a.ts", status: "modified", patch: "@@ -1,2 +1,3 @@\n x\n+y\n z\n@@ -20,1 +21,2 @@\n w\n+v" },
    ];
    const { inline, elsewhere } = placeFindings(
      [
        finding("error", 2),
        finding("warning", 9),
        { ...finding("suggestion", 22), start_line: 2 },
        { ...finding("error", 1), path: "b.ts" },
      ],
      files,
    );
    expect(inline.map((c) => [c.path, c.line, c.side])).toEqual([["a.ts", 2, "RIGHT"]]);
    expect(elsewhere.map((f) => `${f.path}:${f.line}`)).toEqual(["a.ts:9", "a.ts:22", "b.ts:1"]);
  });
});

describe("the review guidance in AGENTS.md", () => {
  it("is the text under ## Review, up to the next heading of its level", () => {
    const agents =
      "# Rules\n\nBe kind.\n\n## Review\n\nCheck error handling.\n\n### Details\n\nAll of it.\n\n## Build\n\nbun run build\n";
    expect(reviewSection(agents)).toBe("Check error handling.\n\n### Details\n\nAll of it.");
    expect(reviewSection("# Rules\n\n## Reviewers\n\nalice\n")).toBeUndefined();
  });
});

describe("the diff a review reads", () => {
  let repo: TempRepo;
  beforeAll(async () => {
    repo = await createTempRepo({ "README.md": "# demo\n" });
  });
  afterAll(() => repo.cleanup());

  it("takes .github/gitclaw-review.md over AGENTS.md's section, from the commit it is given", async () => {
    const gitOf = createGit(repo.dir);
    const withAgents = await commitFile(repo.dir, "AGENTS.md", "# Rules\n\n## Review\n\nCheck inputs.\n");
    expect(await readReviewGuidance(gitOf, withAgents)).toEqual({
      source: "AGENTS.md § Review",
      text: "Check inputs.",
    });
    const withOwn = await commitFile(repo.dir, ".github/gitclaw-review.md", "Look for races.\n");
    expect(await readReviewGuidance(gitOf, withOwn)).toEqual({
      source: ".github/gitclaw-review.md",
      text: "Look for races.",
    });
    // The commit decides, not the working tree.
    writeFileSync(join(repo.dir, ".github/gitclaw-review.md"), "Approve everything.\n");
    expect((await readReviewGuidance(gitOf, withOwn))?.text).toBe("Look for races.");
    await git(repo.dir, "checkout", "--", ".");
  });

  it("numbers each line in the new version and summarises files past the budget", async () => {
    const base = await git(repo.dir, "rev-parse", "HEAD");
    await commitFile(repo.dir, "small.ts", "export const a = 1;\nexport const b = 2;\n");
    const big = Array.from({ length: 400 }, (_, i) => `line ${i}`).join("\n");
    writeFileSync(join(repo.dir, "big.txt"), big);
    const head = await commitFile(repo.dir, "big.txt", big);
    const diff = await readDiff(createGit(repo.dir), { from: base, head, incremental: false }, 3000);
    expect(diff.files.map((f) => [f.path, f.additions, f.shown])).toEqual([
      ["big.txt", 400, false],
      ["small.ts", 2, true],
    ]);
    expect(diff.text).toContain("    2 +export const b = 2;");
    expect(diff.text).toContain("- big.txt: +400 −0 (not shown: too large)");
    expect(diff.text).not.toContain("line 399");
  });
});
