// The result's header line and the 64 KB cap applied while the body is built.
import { describe, expect, it } from "vitest";
import { BoundedText, formatSize, header, MAX_OUTPUT_BYTES } from "../../../../src/tools/github/output.ts";
import { REDACTED, SECRET } from "../support.ts";
import { audit, body, headerLine, useWorld } from "./support.ts";

describe("header", () => {
  it("names host, repository, op, class, outcome and, when ok, the body size", () => {
    expect(
      header({ host: "github.com", repo: "acme/widgets", op: "pr_view", opClass: "read", outcome: "ok", bytes: 4403 }),
    ).toBe("[github github.com/acme/widgets pr_view read ok 4.3KB]");
    expect(
      header({ host: "ghe.example.com", repo: "*", op: "search_repos", opClass: "read", outcome: "ok", bytes: 12 }),
    ).toBe("[github ghe.example.com/* search_repos read ok 12B]");
    expect(
      header({ host: "github.com", repo: "o/r", op: "pr_push", opClass: "destructive", outcome: "denied", bytes: 300 }),
    ).toBe("[github github.com/o/r pr_push destructive denied]");
  });

  it("formats sizes compactly", () => {
    expect([0, 1023, 1024, 65_536, 3 * 1024 * 1024].map(formatSize)).toEqual([
      "0B",
      "1023B",
      "1.0KB",
      "64.0KB",
      "3.0MB",
    ]);
  });
});

describe("BoundedText", () => {
  it("keeps whole text under the cap and says how to narrow once cut", () => {
    const out = new BoundedText(10);
    expect(out.line("12345")).toBe(true);
    expect(out.push("67890abc")).toBe(false);
    expect(out.full).toBe(true);
    expect(out.push("more")).toBe(false);
    expect(out.bytes).toBe(10);
    expect(out.text("lower limit")).toBe("12345\n6789\n[truncated at 10B; lower limit]");
  });

  it("never splits a multi-byte character", () => {
    const out = new BoundedText(5);
    out.push("ab€€");
    expect(out.text("x").split("\n")[0]).toBe("ab€");
    expect(out.bytes).toBe(5);
  });
});

describe("caps and redaction in real calls", () => {
  const world = useWorld((w) => {
    w.gh.addUser({ login: "alice", permission: "write" });
  });

  it("cuts a large file at 64 KB with a marker saying how to narrow", async () => {
    world.gh.setFile("big.txt", `${"x".repeat(99)}\n`.repeat(1500));
    const result = await world.call({ op: "file_read", path: "big.txt" });
    const text = body(result);
    expect(
      text.endsWith(
        "\n[truncated at 64KB; read a smaller file, or check out the repository and use read with offset/limit]",
      ),
    ).toBe(true);
    expect(Buffer.byteLength(text.slice(0, text.lastIndexOf("\n[truncated")))).toBeLessThanOrEqual(MAX_OUTPUT_BYTES);
    expect(result.details?.truncated).toBe(true);
    expect(headerLine(result)).toMatch(/ ok 64\.\dKB\]$/);
  });

  it("stops fetching pages once the body is full", async () => {
    const files = Array.from({ length: 450 }, (_, i) => ({
      filename: `f${i}.txt`,
      status: "modified" as const,
      additions: 20,
      deletions: 0,
      patch: `@@ -0,0 +1,20 @@\n${`+${"y".repeat(60)}\n`.repeat(20)}`,
    }));
    world.gh.createPullRequest({ title: "huge", user: "alice", head: { ref: "huge", sha: "d".repeat(40) }, files });
    const result = await world.call({ op: "pr_diff", pr: 1, all: true });
    expect(body(result)).toContain("[truncated at 64KB; pass path to see one file's diff]");
    expect(world.gh.requests.filter((request) => request.path.endsWith("/files"))).toHaveLength(1);
  });

  it("removes known secrets from what the model sees", async () => {
    world.gh.setFile("leak.txt", `token=${SECRET}\n`);
    const result = await world.call({ op: "file_read", path: "leak.txt" });
    expect(body(result)).toBe(`token=${REDACTED}`);
    expect(audit(result).bytes).toBe(Buffer.byteLength(`token=${REDACTED}`));
  });
});
