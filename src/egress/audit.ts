// `"network": "audit"`: tool commands reach anything (through the same namespace, proxy and DNS
// stand-in, which record every name, port and protocol), and the run says so first, then ends with
// the `network` line that would allow exactly what was used: presets recognised, the runner's
// service ports as "services", other hosts named, with `:<port>` where a port other than the ones
// always intercepted (22, 80, 443) was reached without the proxy.
import { isIP } from "node:net";
import { codeSpan } from "../github/markdown.ts";
import { plural } from "../text/format.ts";
import type { Egress } from "./egress.ts";
import { isHostName, matchesRule, PRESETS, type Preset, SERVICES } from "./policy.ts";
import type { EgressCounts } from "./proxy.ts";
import { ALWAYS_INTERCEPTED_PORTS } from "./intercept-sockets.ts";

/** Entries written one by one; past them the line says how many more (the job summary lists them). */
const MAX_ENTRIES = 60;

/** The reply's first line in audit mode; undefined otherwise. */
export function auditLead(egress: Egress): string | undefined {
  if (egress.policy.open || !egress.policy.audit) return undefined;
  return '⚠️ **This run was not confined**: `"network": "audit"` let tool commands reach any host; what they reached is recorded below.';
}

/** The reply's note in audit mode: what was reached, and the line that allows exactly that. */
export function auditNote(egress: Egress): string | undefined {
  if (egress.policy.open || !egress.policy.audit || !egress.counts) return undefined;
  const reached = egress.counts.reached.size;
  return [
    `<details><summary>🛡️ Network audit: tool commands reached ${plural(reached, "host")}</summary>`,
    "",
    ...[...egress.counts.reached]
      .slice(0, MAX_ENTRIES)
      .map(([host, what]) => `- ${codeSpan(host, 80)}: ${[...what].join(", ")}`),
    "",
    "</details>",
    "",
    "To allow exactly this with tool commands confined, `.github/gitclaw.json` needs:",
    "",
    "```json",
    neededLine(egress.counts, egress.policy.servicePorts),
    "```",
  ].join("\n");
}

/** The `network` line that allows what `counts` recorded: reached, or tried on a port not intercepted in audit. */
export function neededLine(counts: EgressCounts, servicePorts: readonly number[]): string {
  const entries = new Set<string>();
  const add = (host: string, port: number | undefined, proxied: boolean) => {
    if (host.startsWith("localhost:")) {
      const local = Number(host.slice("localhost:".length));
      return entries.add(servicePorts.includes(local) ? SERVICES : host);
    }
    if (isIP(host) !== 0) return entries.add(host);
    // A name the configuration would refuse (or take as a wildcard) is left out.
    if (!isHostName(host)) return;
    const preset = presetOf(host);
    if (preset) return entries.add(preset);
    // A plain host entry reaches any port through the proxy, and the always-intercepted ones without it.
    if (proxied || port === undefined || ALWAYS_INTERCEPTED_PORTS.includes(port)) entries.add(host);
    else entries.add(`${host}:${port}`);
  };
  for (const [host, what] of counts.reached)
    for (const used of what) {
      const [port, protocol] = used.split("/");
      add(host, Number(port), protocol === "connect" || protocol === "proxy");
    }
  for (const [host, kinds] of counts.around)
    for (const kind of kinds) if (kind.startsWith("tcp/")) add(host, Number(kind.slice(4)), false);
  const all = [...entries];
  const listed = all.slice(0, MAX_ENTRIES);
  const more = all.length > listed.length ? ` (and ${all.length - listed.length} more: see the job summary)` : "";
  return `"network": ${JSON.stringify({ allow: listed })}${more}`;
}

/** The preset one of whose rules matches `host`, if any. */
function presetOf(host: string): Preset | undefined {
  return (Object.keys(PRESETS) as Preset[]).find((preset) =>
    PRESETS[preset].some((rule: string) => matchesRule(rule, host)),
  );
}
