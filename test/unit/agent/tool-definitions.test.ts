// What the model is shown of the tools: compact JSON schemas, and a fixed prefix (tool definitions
// plus instructions, sent with every request) smaller than pi's.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toolDefinitions } from "../../../src/agent/tool-definitions.ts";
import { createGitHubClient } from "../../../src/github/client.ts";
import { systemInstructions } from "../../../src/run/prompt.ts";
import { OPS } from "../../../src/tools/github/policy.ts";
import { createTools } from "../../../src/tools/index.ts";
import { ok, type Tool } from "../../../src/tools/types.ts";

/** pi 0.73.1 sends 2.9 KB of tool definitions and a 2.4 KB system prompt (bench/RESULTS.md, cost). */
const PI_FIXED_PREFIX_BYTES = 5200;

const execute = async () => ok("");
const tool = (parameters: z.ZodType): Tool => ({ name: "t", description: "A tool.", parameters, execute });

/** The six tools of a run with a GitHub client (never called here). */
const allTools = () =>
  createTools({
    github: {
      github: createGitHubClient({ token: "ghs_unused", baseUrl: "http://127.0.0.1:9" }),
      repo: { owner: "acme", repo: "widgets" },
      host: "github.com",
    },
  }).tools;

describe("tool definitions", () => {
  it("drop zod's JSON-schema noise and keep what constrains the arguments", () => {
    const parameters = z.object({
      line: z.number().int().min(1).optional().describe("A line."),
      count: z.number().int(),
      env: z.record(z.string(), z.string()).optional(),
      nested: z.object({ flag: z.boolean() }),
    });
    expect(toolDefinitions([tool(parameters)])[0]!.inputSchema).toEqual({
      type: "object",
      properties: {
        line: { description: "A line.", type: "integer", minimum: 1 },
        count: { type: "integer" },
        env: { type: "object", additionalProperties: { type: "string" } },
        nested: { type: "object", properties: { flag: { type: "boolean" } }, required: ["flag"] },
      },
      required: ["count", "nested"],
    });
  });

  it("keep a property whose name is a JSON-schema keyword", () => {
    const parameters = z.object({ $schema: z.string(), propertyNames: z.string() });
    const schema = toolDefinitions([tool(parameters)])[0]!.inputSchema;
    expect(Object.keys(schema.properties!)).toEqual(["$schema", "propertyNames"]);
  });

  it("show the github tool as op alone, every op named in its description", () => {
    const github = toolDefinitions(allTools()).find((d) => d.name === "github")!;
    const op = { type: "string", description: "The operation, or help." };
    expect(github.inputSchema).toEqual({ type: "object", properties: { op }, required: ["op"] });
    for (const name of [...OPS, "help"]) expect(github.description).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it("with the instructions, weigh less than pi's tool definitions and system prompt", () => {
    const tools = allTools();
    // As the Anthropic API receives them.
    const definitions = toolDefinitions(tools).map(({ name, description, inputSchema }) => ({
      name,
      description,
      input_schema: inputSchema,
    }));
    const instructions = systemInstructions({
      repository: "acme/widgets",
      branch: "main",
      issueNumber: 123,
      tools: tools.map((t) => t.name),
      protectedPaths: [".github/gitclaw.json", "lifecycle/", "bunfig.toml"],
      heldBack: [".github/workflows/"],
    });
    const bytes = Buffer.byteLength(JSON.stringify(definitions)) + Buffer.byteLength(instructions);
    expect(tools.map((t) => t.name)).toEqual(["bash", "job", "read", "write", "edit", "github"]);
    expect(bytes).toBeLessThan(PI_FIXED_PREFIX_BYTES);
  });
});
