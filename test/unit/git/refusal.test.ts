// A refused push read as GitHub words it: the GH013/GH006 line with its reasons, in one line.
import { describe, expect, it } from "vitest";
import { refusalLine } from "../../../src/git/refusal.ts";

describe("refusalLine", () => {
  it("reads a ruleset's refusal with every violation", () => {
    const stderr = [
      "remote: error: GH013: Repository rule violations found for refs/heads/main.",
      "remote: Review all repository rules at https://github.com/o/r/rules?ref=refs%2Fheads%2Fmain",
      "remote: ",
      "remote: - Changes must be made through a pull request.",
      "remote: ",
      "remote: - Commits must have verified signatures.",
      "remote:   Found 1 violation:",
      "remote: ",
      "remote:   0123456789abcdef0123456789abcdef01234567",
      "To https://github.com/o/r.git",
      " ! [remote rejected] HEAD -> main (push declined due to repository rule violations)",
    ].join("\n");
    expect(refusalLine(stderr, "x")).toBe(
      "GH013: Repository rule violations found for refs/heads/main: Changes must be made through a pull request. Commits must have verified signatures.",
    );
  });

  it("reads classic protection's refusal and its reason", () => {
    const stderr =
      "remote: error: GH006: Protected branch update failed for refs/heads/main.\nremote: error: Changes must be made through a pull request.\nTo x\n ! [remote rejected] main -> main (protected branch hook declined)\n";
    expect(refusalLine(stderr, "x")).toBe(
      "GH006: Protected branch update failed for refs/heads/main: Changes must be made through a pull request.",
    );
  });

  it("takes a hook's own word for any other refusal", () => {
    expect(
      refusalLine("remote: refusing to allow this\n ! [remote rejected] main -> main (pre-receive hook declined)", "x"),
    ).toBe("refusing to allow this");
  });

  it("falls back to what git said of any other refusal", () => {
    expect(refusalLine("remote: \n ! [remote rejected] main -> main (pre-receive hook declined)", "main refused")).toBe(
      "main refused",
    );
  });
});
