// The github tool's local validation: identifiers, URLs, counts and date bounds.
import { describe, expect, it } from "vitest";
import {
  boundedCount,
  isBranchName,
  parseGitHubUrl,
  parsePositiveId,
  parsePrIdentifier,
  parseRepo,
  parseRunIdentifier,
  resolveDateBound,
  sameRepo,
} from "../../../../src/tools/github/validate.ts";

const NOW = Date.parse("2026-05-12T15:00:00Z");

describe("date bounds", () => {
  it.each([
    ["3d", "2026-05-09"],
    ["2w", "2026-04-28"],
    ["12h", "2026-05-12"],
    ["16h", "2026-05-11"],
    ["1mo", "2026-04-12"],
    ["2MO", "2026-03-12"],
    ["1y", "2025-05-12"],
    ["900m", "2026-05-12"],
    ["1000m", "2026-05-11"],
    ["3 d", "2026-05-09"],
    ["2026-05-01", "2026-05-01"],
    ["2026-05-01T10:20:30.456Z", "2026-05-01T10:20:30Z"],
    ["2026-05-01T12:00:00+02:00", "2026-05-01T10:00:00Z"],
  ])("%s resolves to %s (m is minutes, mo is months)", (raw, expected) => {
    expect(resolveDateBound(raw, NOW)).toBe(expected);
  });

  it("does month arithmetic on the calendar in UTC", () => {
    expect(resolveDateBound("1mo", Date.parse("2026-03-31T12:00:00Z"))).toBe("2026-03-03");
    expect(resolveDateBound("1y", Date.parse("2024-02-29T00:00:00Z"))).toBe("2023-03-01");
  });

  it.each(["yesterday", "3x", "-3d", "", "2026-13-45"])("refuses %j with the accepted forms", (raw) => {
    expect(() => resolveDateBound(raw, NOW)).toThrow(/^invalid date bound: .*Expected a relative duration like "3d"/);
  });
});

describe("counts", () => {
  it("defaults, floors and caps", () => {
    expect(boundedCount(undefined, "limit", 10, 50)).toBe(10);
    expect(boundedCount(7.9, "limit", 10, 50)).toBe(7);
    expect(boundedCount(500, "limit", 10, 50)).toBe(50);
    expect(boundedCount(1, "tail", 15, 200)).toBe(1);
  });

  it.each([0, -1, 0.5, Number.NaN, Number.POSITIVE_INFINITY])("refuses %s", (value) => {
    expect(() => boundedCount(value, "limit", 10, 50)).toThrow("limit must be a positive number");
  });
});

describe("identifiers", () => {
  it("takes plain positive digits only", () => {
    expect(parsePositiveId("42", "run id")).toBe(42);
    expect(parsePositiveId(42, "run id")).toBe(42);
    for (const bad of ["1e2", "0x10", "12.0", "012", "0", "-3", " ", "9".repeat(20)])
      expect(() => parsePositiveId(bad, "run id")).toThrow(`invalid run id: ${bad.trim()}`);
  });

  it("parses repository names and compares them case-insensitively", () => {
    expect(parseRepo("Acme/Widgets.git")).toEqual({ owner: "Acme", repo: "Widgets" });
    expect(sameRepo({ owner: "Acme", repo: "Widgets" }, { owner: "acme", repo: "widgets" })).toBe(true);
    for (const bad of ["acme", "acme/widgets/x", "/widgets", "ac me/w", "acme/"])
      expect(() => parseRepo(bad)).toThrow("invalid repo");
  });

  it("recognises URLs on the configured host only", () => {
    expect(parseGitHubUrl("https://github.com/acme/widgets/pull/12/files#diff", "github.com")).toEqual({
      repo: { owner: "acme", repo: "widgets" },
      kind: "pull",
      number: 12,
    });
    expect(parseGitHubUrl("https://ghe.example.com/acme/widgets/actions/runs/99", "ghe.example.com")?.kind).toBe(
      "actions/runs",
    );
    expect(parseGitHubUrl("https://github.com.evil.example/acme/widgets/pull/1", "github.com")).toBeUndefined();
    expect(parseGitHubUrl("http://github.com/acme/widgets/pull/1", "github.com")).toBeUndefined();
    expect(parseGitHubUrl("https://github.com/acme/widgets/commit/1", "github.com")).toBeUndefined();
  });

  it("tells PR numbers, URLs and branch names apart and refuses option-like values", () => {
    expect(parsePrIdentifier(7, "github.com")).toEqual({ kind: "number", number: 7 });
    expect(parsePrIdentifier("https://github.com/o/r/pull/7", "github.com")).toEqual({
      kind: "number",
      number: 7,
      repo: { owner: "o", repo: "r" },
    });
    expect(parsePrIdentifier("feature/login", "github.com")).toEqual({ kind: "branch", branch: "feature/login" });
    expect(() => parsePrIdentifier("--upload-pack=evil", "github.com")).toThrow(
      "invalid PR identifier: --upload-pack=evil. Pass a PR number, URL, or branch name.",
    );
    expect(() => parsePrIdentifier("https://github.com/o/r/issues/7", "github.com")).toThrow("not a pull request URL");
    expect(() => parsePrIdentifier("https://gitlab.com/o/r/pull/7", "github.com")).toThrow(
      "URLs must look like https://github.com/owner/repo/pull/123",
    );
    expect(() => parsePrIdentifier("https://github.com/o/r/pull/7", "github.com", { owner: "x", repo: "y" })).toThrow(
      "the URL is in o/r but repo is x/y",
    );
  });

  it("takes run ids and run URLs", () => {
    expect(parseRunIdentifier("123", "github.com")).toEqual({ id: 123 });
    expect(parseRunIdentifier("https://github.com/acme/widgets/actions/runs/123/job/9", "github.com")).toEqual({
      id: 123,
      repo: { owner: "acme", repo: "widgets" },
    });
    expect(() => parseRunIdentifier("latest", "github.com")).toThrow("invalid run: latest");
    expect(() => parseRunIdentifier("https://github.com/acme/widgets/pull/3", "github.com")).toThrow(
      "not a workflow run URL",
    );
  });

  it.each([
    ["main", true],
    ["feature/x-1", true],
    ["-evil", false],
    ["a..b", false],
    ["a b", false],
    ["x.lock", false],
    ["trailing/", false],
    ["we~ird", false],
  ])("branch name %s is valid: %s", (name, valid) => {
    expect(isBranchName(name)).toBe(valid);
  });
});
