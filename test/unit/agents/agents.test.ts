// The repository's custom agents read from a commit's git objects: Copilot's and Claude Code's files,
// their front matter checked (tools of gitclaw's, a model gitclaw supports), a name taken once, the
// working tree never read; and the `model` forms accepted.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentModel } from "../../../src/agents/model-name.ts";
import { readAgents, type RepositoryAgents } from "../../../src/agents/read.ts";
import { createGit } from "../../../src/git/git.ts";
import { createTempRepo, type TempRepo } from "../../support/git-repo.ts";

const choices = { providers: ["corp"], models: ["openai/o9-internal"] };
let repo: TempRepo;
let loaded: RepositoryAgents;
beforeAll(async () => {
  repo = await createTempRepo({
    ".github/agents/reviewer.agent.md":
      "---\ndescription: Reviews.\ntools: [read, Bash]\nmodel: Claude Haiku 4.5 (copilot)\n---\nReview it.\n",
    ".github/agents/notes.md": "---\ndescription: Not an .agent.md file.\n---\nIgnored.\n",
    ".claude/agents/reviewer.md": "---\nname: reviewer\ndescription: A second of that name.\n---\nOther.\n",
    ".claude/agents/writer.md":
      "---\nname: writer\ndescription: Writes.\ntools: Read, Write\nmodel: corp/anything\n---\nWrite.\n",
    ".claude/agents/shell.md": "---\nname: shell\ndescription: Shells.\ntools: Read, Grep\n---\nGrep.\n",
    ".claude/agents/empty.md": "---\nname: empty\ndescription: No body.\n---\n",
    ".claude/agents/Bad.md": "---\nname: Bad Name\ndescription: Spaces.\n---\nHi.\n",
    ".claude/agents/nested/deep.md": "---\nname: deep\ndescription: In a subfolder.\n---\nHi.\n",
  });
  writeFileSync(join(repo.dir, ".claude/agents/local.md"), "---\nname: local\ndescription: Not committed.\n---\nHi.\n");
  loaded = await readAgents(
    createGit(repo.dir),
    { branch: "main", commit: await repo.git("rev-parse", "HEAD") },
    choices,
  );
});
afterAll(() => repo.cleanup());

describe("readAgents", () => {
  it("reads both folders' agents from the commit, and leaves out each invalid one with why", () => {
    expect(loaded.agents).toEqual([
      {
        name: "reviewer",
        description: "Reviews.",
        tools: ["read", "bash"],
        model: "anthropic/claude-haiku-4-5",
        instructions: "Review it.",
        path: ".github/agents/reviewer.agent.md",
        bytes: expect.any(Number),
      },
      expect.objectContaining({ name: "writer", tools: ["read", "write"], model: "corp/anything" }),
    ]);
    const reasons = Object.fromEntries(loaded.leftOut.map((skipped) => [skipped.path, skipped.reason]));
    expect(reasons).toEqual({
      ".claude/agents/reviewer.md": "the name reviewer is .github/agents/reviewer.agent.md's",
      ".claude/agents/shell.md":
        "unknown tools Grep: gitclaw's tools are bash, job, read, write, edit, github, task, mcp",
      ".claude/agents/empty.md": "its body (the agent's instructions) is empty",
      ".claude/agents/Bad.md": expect.stringContaining('"name" (found "Bad Name"): lowercase letters'),
    });
  });
});

describe("agentModel", () => {
  it("accepts provider/model gitclaw can run, aliases and catalogue display names, and refuses the rest", () => {
    expect(agentModel(undefined, choices)).toEqual({});
    expect(agentModel("inherit", choices)).toEqual({});
    expect(agentModel("sonnet", choices)).toEqual({ model: "anthropic/claude-sonnet-4-5" });
    expect(agentModel("GPT-4.1", choices)).toEqual({ model: "openai/gpt-4.1" });
    expect(agentModel("ollama/qwen3-coder", choices)).toEqual({ model: "ollama/qwen3-coder" });
    expect(agentModel("vertex/claude-sonnet-4-5", choices)).toEqual({ model: "vertex/claude-sonnet-4-5" });
    expect(agentModel("openai/o9-internal", choices)).toEqual({ model: "openai/o9-internal" });
    for (const refused of ["anthropic/claude-imaginary-9", "acme/brain", "gemini-2.5-pro", "corp/"])
      expect(agentModel(refused, choices)).toEqual({
        reason: expect.stringMatching(
          /^model ".*" is not one gitclaw supports: give provider\/model with a provider of anthropic, openai, openrouter, ollama, bedrock, azure, vertex, corp/,
        ),
      });
  });
});
