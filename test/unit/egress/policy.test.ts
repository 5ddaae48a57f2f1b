// The network policy (src/egress/policy.ts): the config key and the input, the default from the
// repository's manifests, and which hosts and addresses each rule lets through.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseConfig } from "../../../src/config/config.ts";
import { settingsFromInputs } from "../../../src/config/inputs.ts";
import { allowLine, allows, detectPresets, egressPolicy, PRESETS } from "../../../src/egress/policy.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function repository(files: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "gitclaw-policy-"));
  dirs.push(dir);
  for (const file of files) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), "");
  }
  return dir;
}

describe("the default policy", () => {
  it("allows the presets of the ecosystems whose manifests the repository holds, plus github", () => {
    const dir = repository(["package.json", "services/api/go.mod", "tools/Cargo.toml", "app/App.csproj"]);
    // services/api is two folders down: not looked at.
    expect(detectPresets(dir)).toEqual(["npm", "crates", "nuget"]);
    const policy = egressPolicy(undefined, dir);
    expect(policy).toMatchObject({
      open: false,
      source: "detected",
      entries: ["npm", "crates", "nuget", "github", "services"],
    });
    expect(allows(policy, "registry.npmjs.org")).toBe(true);
    expect(allows(policy, "objects.githubusercontent.com")).toBe(true);
    expect(allows(policy, "pypi.org")).toBe(false);
  });

  it("finds each ecosystem by its manifest", () => {
    const cases: [string, string][] = [
      ["requirements.txt", "pypi"],
      ["pyproject.toml", "pypi"],
      ["go.mod", "go"],
      ["pom.xml", "maven"],
      ["build.gradle", "maven"],
      ["Gemfile", "rubygems"],
    ];
    for (const [file, preset] of cases) expect(detectPresets(repository([file])), file).toEqual([preset]);
    expect(detectPresets(repository(["node_modules/x/package.json", "README.md"]))).toEqual([]);
  });
});

describe("rules", () => {
  const policy = egressPolicy(
    { allow: ["example.com", "*.corp.example", "10.1.0.0/16", "192.0.2.7", "fd00::/8"] },
    "/",
  );

  it("match host names exactly, wildcards on subdomains only, case and a final dot aside", () => {
    expect(allows(policy, "example.com")).toBe(true);
    expect(allows(policy, "EXAMPLE.com.")).toBe(true);
    expect(allows(policy, "www.example.com")).toBe(false);
    expect(allows(policy, "evil-example.com")).toBe(false);
    expect(allows(policy, "git.corp.example")).toBe(true);
    expect(allows(policy, "a.b.corp.example")).toBe(true);
    expect(allows(policy, "corp.example")).toBe(false);
    expect(allows(policy, "xcorp.example")).toBe(false);
  });

  it("match addresses by IP and CIDR, never by a name that looks like one", () => {
    expect(allows(policy, "10.1.200.3")).toBe(true);
    expect(allows(policy, "10.2.0.1")).toBe(false);
    expect(allows(policy, "192.0.2.7")).toBe(true);
    expect(allows(policy, "[fd12::1]")).toBe(true);
    expect(allows(policy, "::1")).toBe(false);
    expect(allows(policy, "10.1.0.1.nip.io")).toBe(false);
  });

  it("allow the runner's own services only as localhost:<port>, on that port", () => {
    const local = egressPolicy({ allow: ["localhost:5432", "localhost"] }, "/");
    expect(allows(local, "localhost", 5432)).toBe(true);
    expect(allows(local, "LOCALHOST.", 5432)).toBe(true);
    expect(allows(local, "localhost", 6379)).toBe(false);
    expect(allows(local, "localhost")).toBe(false);
    expect(allowLine(local, "localhost", 6379)).toBe(
      '"network": {"allow":["localhost:5432","localhost","localhost:6379"]}',
    );
  });

  it('"off" allows nothing, "open" everything', () => {
    expect(allows(egressPolicy("off", "/"), "github.com")).toBe(false);
    expect(allows(egressPolicy("open", "/"), "evil.example")).toBe(true);
    expect(allows(egressPolicy({ allow: ["github"] }, "/"), PRESETS.github[0])).toBe(true);
  });

  it("name the line that would allow a host", () => {
    expect(allowLine(egressPolicy({ allow: ["npm"] }, "/"), "evil.example")).toBe(
      '"network": {"allow":["npm","evil.example"]}',
    );
  });
});

describe("the config key and the input", () => {
  it("accept hosts, wildcards, IPs, CIDRs, presets, open and off", () => {
    const allow = ["npm", "registry.example.com", "*.example.org", "10.0.0.0/8", "2001:db8::1"];
    expect(parseConfig({ network: { allow } }).network).toEqual({ allow });
    expect(parseConfig({ network: "open" }).network).toBe("open");
    expect(parseConfig({}).network).toBeUndefined();
  });

  it("refuse anything else with the key, the value and the form", () => {
    expect(() => parseConfig({ network: { allow: ["https://evil.example/"] } })).toThrow(
      /"network\.allow\.0" \(found "https:\/\/evil\.example\/"\): expected a host/,
    );
    expect(() => parseConfig({ network: { allow: ["10.0.0.0/33"] } })).toThrow(ConfigError);
    for (const entry of [
      "localhost:0",
      "localhost:65536",
      "localhost:*",
      "example.com:0",
      "example.com:https",
      "servicse",
    ])
      expect(() => parseConfig({ network: { allow: [entry] } }), entry).toThrow(ConfigError);
    const allow = ["localhost:5432", "services", "example.com:22", "*.example.org:8443"];
    expect(parseConfig({ network: { allow } }).network).toEqual({ allow });
    expect(parseConfig({ network: "audit" }).network).toBe("audit");
    expect(() => parseConfig({ network: "closed" })).toThrow(ConfigError);
  });

  it("read the input network: open, off, or a list", () => {
    expect(settingsFromInputs({ GITCLAW_NETWORK: "open" }).settings).toEqual({ network: "open" });
    expect(settingsFromInputs({ GITCLAW_NETWORK: "npm, *.example.com 10.0.0.1" }).settings).toEqual({
      network: { allow: ["npm", "*.example.com", "10.0.0.1"] },
    });
    const dir = repository([]);
    mkdirSync(join(dir, ".github"));
    writeFileSync(join(dir, ".github/gitclaw.json"), JSON.stringify({ network: { allow: ["pypi"] } }));
    expect(loadConfig(dir, settingsFromInputs({ GITCLAW_NETWORK: "off" }).settings).network).toBe("off");
  });
});
