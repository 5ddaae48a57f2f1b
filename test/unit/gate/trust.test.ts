import { describe, expect, it } from "vitest";
import { decideTrust } from "../../../src/gate/trust.ts";
import { permissionFromApi } from "../../../src/github/operations.ts";
import { parseConfig } from "../../../src/config/config.ts";

const DEFAULT_TRUST = parseConfig({}).trust;

const lookup = (level: string) => async () => level as never;

describe("trust", () => {
  it("allows write and above, refuses read, triage and none", async () => {
    for (const level of ["write", "maintain", "admin"])
      expect((await decideTrust({ login: "a", type: "User" }, DEFAULT_TRUST, lookup(level))).allowed).toBe(true);
    for (const level of ["read", "triage", "none"])
      expect((await decideTrust({ login: "a", type: "User" }, DEFAULT_TRUST, lookup(level))).allowed).toBe(false);
  });

  it("refuses bots unless their exact login is trusted, without asking the API", async () => {
    let asked = 0;
    const count = async () => {
      asked++;
      return "admin" as const;
    };
    expect((await decideTrust({ login: "evil[bot]", type: "User" }, DEFAULT_TRUST, count)).allowed).toBe(false);
    expect((await decideTrust({ login: "renovate", type: "Bot" }, DEFAULT_TRUST, count)).allowed).toBe(false);
    expect(asked).toBe(0);
    expect(
      (
        await decideTrust(
          { login: "renovate[bot]", type: "Bot" },
          { ...DEFAULT_TRUST, trustedBots: ["renovate[bot]"] },
          count,
        )
      ).allowed,
    ).toBe(true);
  });

  it("never trusts a deleted account (ghost), without asking the API", async () => {
    let asked = 0;
    const admin = async () => {
      asked++;
      return "admin" as const;
    };
    for (const login of ["ghost", "Ghost"]) {
      const decision = await decideTrust({ login, type: "User" }, DEFAULT_TRUST, admin);
      expect(decision).toEqual({
        allowed: false,
        permission: "none",
        reason: `${login} is a deleted account, never a writer`,
      });
    }
    expect(asked).toBe(0);
  });

  it("fails closed when the permission lookup fails", async () => {
    const decision = await decideTrust({ login: "a", type: "User" }, DEFAULT_TRUST, async () => {
      throw new Error("503");
    });
    expect(decision).toMatchObject({ allowed: false });
    expect(decision.reason).toMatch(/failing closed/);
  });

  it("reads role_name before the coarse permission", () => {
    expect(permissionFromApi({ permission: "write", role_name: "maintain" })).toBe("maintain");
    expect(permissionFromApi({ permission: "read", role_name: "custom-role" })).toBe("read");
    expect(permissionFromApi(null)).toBe("none");
  });

  it("validates the trust section with the configuration's one schema", () => {
    expect(parseConfig(undefined).trust).toEqual({ minPermission: "write", trustedBots: [] });
    expect(parseConfig({ trust: { minPermission: "admin" } }).trust).toEqual({
      minPermission: "admin",
      trustedBots: [],
    });
    expect(() => parseConfig({ trust: { minPermission: "read" } })).toThrow(/trust.minPermission/);
    expect(() => parseConfig({ trust: { trustedBots: "x" } })).toThrow(/trust.trustedBots/);
  });
});

describe("config", () => {
  it("has defaults for everything and names key, value and expected form on error", () => {
    const config = parseConfig(undefined);
    expect(config.model).toBe("anthropic/claude-sonnet-4-5");
    // Workflow files are held back and delivered as a patch instead (test/e2e/workflow-changes.test.ts).
    expect(config.protectedPaths).toEqual([".github/gitclaw.json", "lifecycle/", "bunfig.toml"]);
    expect(() => parseConfig({ budgets: { maxTurns: 0 } })).toThrow(/"budgets.maxTurns" \(found 0\): Too small/);
    expect(() => parseConfig({ model: "claude" })).toThrow(/"model" \(found "claude"\): expected provider\/model/);
    expect(() => parseConfig({ modle: "x/y" })).toThrow(/Unrecognized key.*modle/);
  });
});
