// The prompt inputs (src/gate/prompt-run.ts): what makes a run a prompt run, and a clear message for each bad input.
import { describe, expect, it } from "vitest";
import { readPromptRunRequest, runKey } from "../../../src/gate/prompt-run.ts";

const env = { workflow: "Nightly bump", job: "bump" };

describe("readPromptRunRequest", () => {
  it("is none without prompt or prompt_file: the run is an issue's", () => {
    expect(readPromptRunRequest({ GITCLAW_ISSUE: "3" }, env)).toBeUndefined();
  });

  it("reads the prompt, the issue, continue and the schema, and names the job's conversation", () => {
    expect(
      readPromptRunRequest(
        { GITCLAW_PROMPT: " Bump. ", GITCLAW_ISSUE: "12", GITCLAW_CONTINUE: "true", GITCLAW_OUTPUT_SCHEMA: "s.json" },
        env,
      ),
    ).toEqual({
      text: "Bump.",
      issue: 12,
      continues: true,
      key: "Nightly-bump-bump",
      workflow: "Nightly bump",
      outputSchema: "s.json",
    });
    expect(readPromptRunRequest({ GITCLAW_PROMPT_FILE: ".github/prompts/bump.md" }, env)).toMatchObject({
      file: ".github/prompts/bump.md",
      continues: false,
    });
  });

  it("says what is wrong with a bad input", () => {
    expect(() => readPromptRunRequest({ GITCLAW_PROMPT: "a", GITCLAW_PROMPT_FILE: "b" }, env)).toThrow(/not both/);
    expect(() => readPromptRunRequest({ GITCLAW_PROMPT: "a", GITCLAW_ISSUE: "#3" }, env)).toThrow(
      'the action input issue is "#3": expected an issue number, e.g. 42',
    );
    expect(() => readPromptRunRequest({ GITCLAW_PROMPT: "a", GITCLAW_CONTINUE: "yes" }, env)).toThrow(
      /expected true or false/,
    );
    expect(() => readPromptRunRequest({ GITCLAW_OUTPUT_SCHEMA: "{}" }, env)).toThrow(/needs a prompt or prompt_file/);
  });
});

describe("runKey", () => {
  it("is a file name, whatever the workflow is called", () => {
    expect(runKey(".github/workflows/nightly.yml", "agent")).toBe("nightly.yml-agent");
    expect(runKey("../../etc/passwd", "j")).toBe("etc-passwd-j");
    expect(runKey("Release notes 🚀", "notes")).toBe("Release-notes-notes");
    expect(runKey("...", "")).toBe("x-x");
    // A branch name too (gitclaw/run-<key>, delivery "pull-request"): no "..".
    expect(runKey("a..b", "j")).toBe("a.b-j");
  });
});
