import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createTools } from "../../../src/tools/index.ts";

describe("createTools", () => {
  it("offers bash, job, read, write and edit with pi-compatible arguments (github only with a client)", () => {
    const { tools } = createTools();
    expect(tools.map((tool) => tool.name)).toEqual(["bash", "job", "read", "write", "edit"]);
    const properties = Object.fromEntries(
      tools.map((tool) => [
        tool.name,
        Object.keys((z.toJSONSchema(tool.parameters) as { properties: object }).properties),
      ]),
    );
    expect(properties).toEqual({
      bash: ["command", "timeout", "cwd", "env", "async"],
      job: ["list", "poll", "cancel", "wait"],
      read: ["path", "offset", "limit"],
      write: ["path", "content"],
      edit: ["path", "oldText", "newText"],
    });
  });

  it("describes every tool and every argument for the model", () => {
    for (const tool of createTools().tools) {
      expect(tool.description.length).toBeGreaterThan(50);
      const schema = z.toJSONSchema(tool.parameters) as { properties: Record<string, { description?: string }> };
      for (const [name, property] of Object.entries(schema.properties)) {
        expect(property.description, `${tool.name}.${name}`).toMatch(/\w{3,}/);
      }
    }
  });

  it("offers only the enabled tools and rejects unknown names", () => {
    expect(createTools({ enabled: ["read", "bash"] }).tools.map((tool) => tool.name)).toEqual(["bash", "read"]);
    expect(() => createTools({ enabled: ["bash", "grep"] })).toThrow(
      "Unknown tool names: grep (known: bash, job, read, write, edit, github)",
    );
  });

  it("mentions the interceptor in the bash description only when it is on", () => {
    const bashDescription = (enabled: boolean) => createTools({ interceptor: { enabled } }).tools[0]?.description ?? "";
    expect(bashDescription(true)).toContain("such commands are blocked");
    expect(bashDescription(false)).not.toContain("blocked");
  });

  it("disposes with nothing to report when no job ran", async () => {
    expect(await createTools().dispose()).toEqual([]);
  });
});
