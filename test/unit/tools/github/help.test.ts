// The github tool shows the model only `op` and a line per op: `help` gives an op's arguments in
// detail, and an argument the op does not take is refused with that list, before any request.
import { describe, expect, it } from "vitest";
import { githubParameters } from "../../../../src/tools/github/index.ts";
import { OP_DOCS } from "../../../../src/tools/github/help.ts";
import { OPS } from "../../../../src/tools/github/policy.ts";
import { audit, body, useWorld } from "./support.ts";

const world = useWorld();

describe("github help", () => {
  it("describes one op's arguments without asking GitHub", async () => {
    const result = await world.call({ op: "help", about: "pr_create" });
    expect(result.isError).toBe(false);
    expect(result.text).toMatch(/^pr_create: Opens a pull request/);
    for (const name of ["title", "fill", "body", "base", "head", "draft", "reviewer", "assignee", "label", "repo"])
      expect(result.text).toContain(`\n- ${name}: `);
    expect(world.gh.requests).toHaveLength(0);
  });

  it("describes every op when asked about none", async () => {
    const result = await world.call({ op: "help" });
    for (const op of OPS) expect(result.text).toContain(`${op}: `);
  });

  it("documents only arguments the schema validates", () => {
    const known = Object.keys(githubParameters.shape);
    for (const op of OPS)
      for (const name of Object.keys(OP_DOCS[op].args)) expect(known, `${op}.${name}`).toContain(name);
  });

  it("refuses an argument the op does not take, naming the ones it does", async () => {
    const result = await world.call({ op: "pr_diff", pr: 1, comments: false });
    expect(result.isError).toBe(true);
    expect(body(result)).toBe(
      "Invalid arguments for github: pr_diff does not take the argument comments; it takes pr, path, all, repo. " +
        '{"op": "help", "about": "pr_diff"} describes them.',
    );
    expect(audit(result)).toMatchObject({ op: "pr_diff", decision: "denied", rule: "arguments", status: "invalid" });
    expect(world.gh.requests).toHaveLength(0);
  });

  it("refuses a help request with arguments it does not take", async () => {
    const result = await world.call({ op: "help", about: "comment", issue: 3 });
    expect(result).toMatchObject({
      isError: true,
      text: "Invalid arguments for github: help does not take the argument issue; it takes about.",
    });
  });
});
