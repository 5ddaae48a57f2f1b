// The reply's note on workflow files in the cases an end-to-end run rarely reaches: a patch too long
// to show, one that could not be committed, and which workflow folders a run holds back.
import { describe, expect, it } from "vitest";
import { describeWorkflowChanges, heldBackFolders, pushFailure } from "../../../src/run/workflow-files.ts";

const file = "state/patches/7-0123456789ab.patch";
const blob = (path: string) => `https://github.com/acme/widgets/blob/abc/${path}`;
const held = (text: string) => ({ paths: [".github/workflows/ci.yml"], pushed: false, patch: { file, text } });

describe("describeWorkflowChanges", () => {
  it("links a patch too long to show instead of showing it", () => {
    const text = `diff --git a/x b/x\n${"+".repeat(50_000)}\n`;
    const note = describeWorkflowChanges(held(text), { branch: "main", blob });
    expect(note).not.toContain("<details>");
    expect(note).toContain(`The patch is 48.8 KB, too long to show here: [${file}](${blob(file)}).`);
    expect(note).toContain(`They are committed as [a patch](${blob(file)})`);
  });

  it("says when the patch could not be committed, and still shows it", () => {
    const note = describeWorkflowChanges(held("diff --git a/x b/x\n+y\n"), { branch: "main" });
    expect(note).toContain(`The patch could not be committed; save it from below as \`${file}\` and apply it:`);
    expect(note).toContain("```diff\ndiff --git a/x b/x\n+y\n```");
  });

  it("fences a patch holding backticks so that it cannot end the block", () => {
    const note = describeWorkflowChanges(held("+run: echo ```\n"), { branch: "main", blob });
    expect(note).toContain("````diff\n+run: echo ```\n````");
  });

  it("says nothing without workflow changes", () => {
    expect(describeWorkflowChanges(undefined, { branch: "main", blob })).toBe("");
  });
});

describe("heldBackFolders", () => {
  it("holds .github/workflows/ back unless workflows_token is set or the folder is protected", () => {
    expect(heldBackFolders(["lifecycle/", "state/"], false)).toEqual([".github/workflows/"]);
    expect(heldBackFolders(["lifecycle/", "state/"], true)).toEqual([]);
    expect(heldBackFolders([".GitHub/workflows", "state/"], false)).toEqual([]);
  });
});

describe("pushFailure", () => {
  it("keeps what the remote said, in one line", () => {
    const message =
      "git push --porcelain https://github.com/acme/widgets.git abc:refs/heads/main failed: remote: refusing to allow " +
      "a GitHub App to create or update workflow `.github/workflows/ci.yml` without `workflows` permission        \n" +
      "error: failed to push some refs to 'https://github.com/acme/widgets.git'";
    expect(pushFailure(message)).toBe(
      "refusing to allow a GitHub App to create or update workflow `.github/workflows/ci.yml` without `workflows` permission",
    );
    expect(pushFailure("could not push to main after 8 attempts: timeout")).toBe(
      "could not push to main after 8 attempts: timeout",
    );
  });
});
