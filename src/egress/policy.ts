// Which hosts tool commands may reach (the config key `network`, the input `network`): "open" (no
// limit), "off" (nothing), or `{ "allow": [...] }` of host names, `*.` wildcards, IP addresses,
// CIDRs and ecosystem presets. Absent, it allows the presets of the ecosystems whose manifests the
// repository holds, plus github. The proxy (proxy.ts) decides by these rules; the kernel keeps tool
// commands from going around it (src/egress/namespace.ts).
import { readdirSync } from "node:fs";
import { BlockList, isIP } from "node:net";
import { join } from "node:path";
import { z } from "zod";
import { closestName } from "../did-you-mean.ts";

/** Hosts of each preset; `*.x` matches every subdomain of x. */
export const PRESETS = {
  npm: ["registry.npmjs.org", "registry.yarnpkg.com", "repo.yarnpkg.com", "registry.npmmirror.com"],
  pypi: ["pypi.org", "files.pythonhosted.org", "pypi.python.org"],
  crates: ["crates.io", "index.crates.io", "static.crates.io", "static.rust-lang.org", "sh.rustup.rs"],
  go: ["proxy.golang.org", "sum.golang.org", "index.golang.org", "golang.org", "go.dev", "dl.google.com"],
  maven: ["repo.maven.apache.org", "repo1.maven.org", "*.gradle.org", "jcenter.bintray.com"],
  rubygems: ["rubygems.org", "*.rubygems.org"],
  nuget: ["api.nuget.org", "*.nuget.org", "dotnetcli.azureedge.net", "builds.dotnet.microsoft.com"],
  debian: ["deb.debian.org", "security.debian.org", "*.debian.org"],
  ubuntu: ["archive.ubuntu.com", "security.ubuntu.com", "*.archive.ubuntu.com", "ports.ubuntu.com"],
  github: [
    "github.com",
    "*.github.com",
    "*.githubusercontent.com",
    "ghcr.io",
    "*.ghcr.io",
    "*.pkg.github.com",
    "*.actions.githubusercontent.com",
  ],
} as const;
export type Preset = keyof typeof PRESETS;
const PRESET_NAMES = Object.keys(PRESETS) as Preset[];

/** Manifests that say which ecosystems a repository uses, at its root or one folder down. */
const MANIFESTS: { preset: Preset; matches: (name: string) => boolean }[] = [
  { preset: "npm", matches: (name) => name === "package.json" },
  { preset: "pypi", matches: (name) => ["requirements.txt", "pyproject.toml", "setup.py", "Pipfile"].includes(name) },
  { preset: "crates", matches: (name) => name === "Cargo.toml" },
  { preset: "go", matches: (name) => name === "go.mod" },
  { preset: "maven", matches: (name) => ["pom.xml", "build.gradle", "build.gradle.kts"].includes(name) },
  { preset: "rubygems", matches: (name) => name === "Gemfile" || name.endsWith(".gemspec") },
  { preset: "nuget", matches: (name) => /\.(cs|fs|vb)proj$/.test(name) || name.endsWith(".sln") },
];
const SKIPPED_FOLDERS = new Set([".git", "state", "node_modules", "vendor", "target", "dist", "build"]);

const HOST = /^(\*\.)?([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?\.)*[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** Whether `name` is a host name an allow entry may name as it is (no `*.` wildcard). */
export const isHostName = (name: string): boolean => !name.startsWith("*.") && HOST.test(name.toLowerCase());

/** `services`: the ports of the job's service containers on the runner (the input `services`, src/egress/services.ts). */
export const SERVICES = "services";

/** `host:<port>`: a host on that port only. */
const HOST_PORT = /^([^:/]+):([1-9]\d{0,4})$/;
const hostPort = (entry: string): { rule: string; port: number } | undefined => {
  const match = HOST_PORT.exec(entry);
  const port = Number(match?.[2]);
  if (!match || port >= 65536 || match[1] === "localhost" || !HOST.test(match[1]!.toLowerCase())) return undefined;
  return { rule: match[1]!.toLowerCase(), port };
};

/** `localhost:<port>`: a service of the runner itself, on that port only. */
const LOCAL_SERVICE = /^localhost:([1-9]\d{0,4})$/;
const localServicePort = (entry: string): number | undefined => {
  const port = Number(LOCAL_SERVICE.exec(entry)?.[1]);
  return port > 0 && port < 65536 ? port : undefined;
};

/** Whether `entry` is a preset, a host name (optionally `*.`), an IP address, a CIDR or `localhost:<port>`. */
function isAllowEntry(entry: string): boolean {
  if ((PRESET_NAMES as string[]).includes(entry) || entry === SERVICES) return true;
  if (localServicePort(entry) !== undefined || hostPort(entry) !== undefined) return true;
  const [address, bits, ...rest] = entry.split("/");
  if (bits !== undefined) {
    const family = isIP(address ?? "");
    const max = family === 4 ? 32 : 128;
    return rest.length === 0 && family !== 0 && /^\d+$/.test(bits) && Number(bits) <= max;
  }
  return isIP(entry) !== 0 || HOST.test(entry.toLowerCase());
}

const PRESET_HINT = `(presets: ${PRESET_NAMES.join(", ")}; a host is named in full, e.g. registry.npmjs.org)`;

/**
 * The preset a one-word entry most likely meant ("npmjs" → npm): taken as a host name, it would
 * quietly allow a host that does not exist and leave the registry unreachable.
 */
export function misspeltPreset(entry: string): Preset | undefined {
  if (entry.includes(".") || entry.includes(":") || [...PRESET_NAMES, SERVICES].includes(entry)) return undefined;
  return closestName(entry, [...PRESET_NAMES, SERVICES]) as Preset | undefined;
}

export const NETWORK_MODES = ["open", "off", "audit"] as const;

/** The config key `network`. */
export const NetworkConfig = z.union([
  z.enum(NETWORK_MODES),
  z.strictObject({
    allow: z.array(
      z
        .string()
        .refine(
          isAllowEntry,
          `expected a host (registry.npmjs.org), a wildcard (*.example.com), a host on one port (example.com:22), an IP address, a CIDR (10.0.0.0/8), a service of the runner (localhost:5432), the job's services ("services") or a preset (${PRESET_NAMES.join(", ")})`,
        )
        .superRefine((entry, ctx) => {
          const preset = misspeltPreset(entry);
          if (preset)
            ctx.addIssue({ code: "custom", message: `not a preset: did you mean "${preset}"? ${PRESET_HINT}` });
        }),
    ),
  }),
]);
export type NetworkConfig = z.infer<typeof NetworkConfig>;

/** What a run enforces: no limit, or these rules (an empty list: nothing at all). */
export type EgressPolicy =
  | { open: true }
  | {
      open: false;
      /** The entries as written, presets expanded in `hosts`; for messages. */
      entries: readonly string[];
      /** Where the entries came from: the configuration, or detected from the repository's manifests. */
      source: "config" | "detected";
      hosts: readonly string[];
      addresses: BlockList;
      /** Ports of `localhost:<port>` entries and of the job's services: the runner's own, reached through the proxy. */
      localPorts: readonly number[];
      /** `host:<port>` entries: the host (or `*.` wildcard) on that port only. */
      hostPorts: readonly { rule: string; port: number }[];
      /** `"network": "audit"`: everything is allowed, and what was reached recorded. */
      audit: boolean;
      /** The runner's ports of the job's service containers, whether allowed or not. */
      servicePorts: readonly number[];
    };

/**
 * The policy of a run: the configuration's, or the detected presets of `workspace` plus github and
 * the job's services. `servicePorts`: the runner's ports of the job's service containers.
 */
export function egressPolicy(
  network: NetworkConfig | undefined,
  workspace: string,
  servicePorts: readonly number[] = [],
): EgressPolicy {
  if (network === "open") return { open: true };
  const source = network === undefined ? "detected" : "config";
  const entries =
    network === undefined
      ? [...detectPresets(workspace), "github", SERVICES]
      : network === "off" || network === "audit"
        ? []
        : network.allow;
  const hosts: string[] = [];
  const addresses = new BlockList();
  const localPorts: number[] = [];
  const hostPorts: { rule: string; port: number }[] = [];
  for (const entry of entries) {
    if (entry in PRESETS) hosts.push(...PRESETS[entry as Preset]);
    else if (entry === SERVICES) localPorts.push(...servicePorts);
    else if (localServicePort(entry) !== undefined) localPorts.push(localServicePort(entry)!);
    else if (hostPort(entry) !== undefined) hostPorts.push(hostPort(entry)!);
    else if (entry.includes("/")) {
      const [address = "", bits = ""] = entry.split("/");
      addresses.addSubnet(address, Number(bits), isIP(address) === 6 ? "ipv6" : "ipv4");
    } else if (isIP(entry)) addresses.addAddress(entry, isIP(entry) === 6 ? "ipv6" : "ipv4");
    else hosts.push(entry.toLowerCase());
  }
  const audit = network === "audit";
  return {
    open: false,
    entries,
    source,
    hosts,
    addresses,
    localPorts: [...new Set(localPorts)],
    hostPorts,
    audit,
    servicePorts,
  };
}

/** The presets whose manifests lie at the root of `workspace` or one folder down, in PRESETS order. */
export function detectPresets(workspace: string): Preset[] {
  const names = new Set<string>();
  const list = (dir: string) => {
    try {
      return readdirSync(dir, { withFileTypes: true });
    } catch {
      return [];
    }
  };
  for (const entry of list(workspace)) {
    names.add(entry.name);
    if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith("."))
      for (const inner of list(join(workspace, entry.name))) names.add(inner.name);
  }
  const found = new Set(MANIFESTS.filter(({ matches }) => [...names].some(matches)).map(({ preset }) => preset));
  return PRESET_NAMES.filter((preset) => found.has(preset));
}

/** A host as the rules compare it: lower case, without an IPv6 literal's brackets or a final dot. */
export const canonicalHost = (host: string): string =>
  host
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");

/** Whether a host name, or an IP address, may be reached under `policy`; `localhost` only on a `localhost:<port>` entry's port. */
export function allows(policy: EgressPolicy, host: string, port?: number): boolean {
  if (policy.open) return true;
  const name = canonicalHost(host);
  // Even in audit mode, the runner's own loopback only on the ports named, and the job's services'.
  const local = [...policy.localPorts, ...(policy.audit ? policy.servicePorts : [])];
  if (name === "localhost") return port !== undefined && local.includes(port);
  if (policy.audit) return true;
  const onPort = policy.hostPorts.some(
    (entry) => (port === undefined || entry.port === port) && matchesRule(entry.rule, name),
  );
  const family = isIP(name);
  if (family !== 0) return policy.addresses.check(name, family === 6 ? "ipv6" : "ipv4") || onPort;
  return onPort || policy.hosts.some((rule) => matchesRule(rule, name));
}

/** Whether host `name` matches `rule`: the same name, or for `*.x` any subdomain of x. */
export const matchesRule = (rule: string, name: string): boolean =>
  rule.startsWith("*.") ? name.endsWith(rule.slice(1)) : name === rule;

/** What a name resolved to, and whether the operator's hosts file said so (GITCLAW_EGRESS_HOSTS) rather than DNS. */
export interface Resolution {
  addresses: string[];
  declared?: boolean;
}

/**
 * Whether `address`, where an allowed name resolved to, is one no name may lead to, unless the
 * policy lists the address itself: link-local (the cloud metadata service), and the runner's own
 * loopback and the unspecified address (which reaches it too) unless the operator's hosts file
 * maps the name there; each also in its IPv4-mapped, IPv4-compatible and NAT64 forms. The runner's
 * services are reached by `localhost:<port>` entries instead.
 */
export function forbiddenTarget(policy: EgressPolicy, address: string, declared = false): boolean {
  if (policy.open) return false;
  const ipv4 = embeddedIPv4(address);
  const forms: [string, "ipv4" | "ipv6"][] = [[address, isIP(address) === 6 ? "ipv6" : "ipv4"]];
  if (ipv4) forms.push([ipv4, "ipv4"]);
  if (forms.some(([form, family]) => policy.addresses.check(form, family))) return false;
  return forms.some(([form, family]) => LINK_LOCAL.check(form, family) || (!declared && OWN.check(form, family)));
}
const LINK_LOCAL = new BlockList();
LINK_LOCAL.addSubnet("169.254.0.0", 16, "ipv4");
LINK_LOCAL.addSubnet("fe80::", 10, "ipv6");
LINK_LOCAL.addAddress("fd00:ec2::254", "ipv6");
/** The runner's own: loopback, and the unspecified address, which a connection takes to the loopback. */
const OWN = new BlockList();
OWN.addSubnet("127.0.0.0", 8, "ipv4");
OWN.addSubnet("0.0.0.0", 8, "ipv4");
OWN.addAddress("::1", "ipv6");
OWN.addAddress("::", "ipv6");

/** The IPv4 address an IPv6 one carries (::ffff:a.b.c.d, ::a.b.c.d, 64:ff9b::a.b.c.d), if any. */
function embeddedIPv4(address: string): string | undefined {
  if (isIP(address) !== 6) return undefined;
  const groups = new URL(`http://[${address}]`).hostname.slice(1, -1).split(":");
  const words = expand(groups);
  const prefix = words.slice(0, 6).join(":");
  if (!["0:0:0:0:0:ffff", "0:0:0:0:0:0", "64:ff9b:0:0:0:0"].includes(prefix)) return undefined;
  if (prefix === "0:0:0:0:0:0" && (words[6] === "0" || words[6] === undefined)) return undefined; // :: and ::1
  const [high = 0, low = 0] = words.slice(6).map((word) => Number.parseInt(word, 16));
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** The eight groups of an IPv6 address as the URL parser writes it (hex, `::` compressed, no dotted tail). */
function expand(groups: string[]): string[] {
  const gap = groups.indexOf("");
  if (gap === -1) return groups;
  const head = groups.slice(0, gap).filter(Boolean);
  const tail = groups.slice(gap).filter(Boolean);
  return [...head, ...Array(8 - head.length - tail.length).fill("0"), ...tail];
}

/**
 * Where a connection to the allowed `host` may go, given its resolution: the addresses it may
 * reach, or why there are none. `localhost` (allowed only by a `localhost:<port>` entry) is the
 * runner's loopback.
 */
export function targetsOf(policy: EgressPolicy, host: string, resolution: Resolution): string[] | string {
  if (canonicalHost(host) === "localhost") return ["127.0.0.1", "::1"];
  const { addresses, declared } = resolution;
  const usable = addresses.filter((address) => !forbiddenTarget(policy, address, declared));
  if (usable.length > 0) return usable;
  if (addresses.length === 0) return "has no address";
  return `resolves only to addresses a name may not lead to (${addresses.join(", ")}: link-local, the runner's loopback or unspecified); a service of the runner is allowed as "localhost:<port>"`;
}

/** The line of `.github/gitclaw.json` that would allow `host` (on `port`, for localhost), given the entries in force. */
export function allowLine(policy: EgressPolicy, host: string, port?: number): string {
  const entries = policy.open ? [] : policy.entries;
  const entry = canonicalHost(host) === "localhost" ? `localhost:${port ?? "<port>"}` : host;
  return `"network": ${JSON.stringify({ allow: [...entries, entry] })}`;
}
