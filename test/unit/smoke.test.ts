import { describe, expect, it } from "vitest";
import { z } from "zod";

describe("toolchain", () => {
  it("runs on Bun with zod importable", () => {
    expect(typeof Bun.version).toBe("string");
    expect(z.string().parse("x")).toBe("x");
  });
});
