// What the network policy did in a run, for people: in the reply, one collapsed note listing each
// blocked host with its count and the config line that would allow it; in the job summary, the
// policy, the blocked hosts and the allowed hosts used.
import { CONFIG_FILE } from "../config/paths.ts";
import type { Egress } from "./egress.ts";
import { allowLine, type EgressPolicy } from "./policy.ts";
import { plural } from "../github/markdown.ts";

const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;
const total = (counts: Map<string, number>) => [...counts.values()].reduce((sum, n) => sum + n, 0);

/** The reply's note on blocked network access; undefined when nothing was blocked. */
export function blockedNote(egress: Egress): string | undefined {
  const blocked = egress.counts?.blocked;
  if (!blocked || blocked.size === 0) return undefined;
  const around = (host: string) => {
    const kinds = egress.counts?.around.get(host);
    return kinds ? ` (around the proxy: ${[...kinds].join(", ")})` : "";
  };
  const lines = [...blocked].map(
    ([host, count]) =>
      `- ${code(host)}: ${plural(count, "attempt")}${around(host)}; to allow it: ${code(allowLine(egress.policy, host))}`,
  );
  return [
    `<details><summary>🛡️ Network: ${plural(total(blocked), "blocked attempt")} to ${plural(blocked.size, "host")} not allowed (${[...blocked.keys()].join(", ")})</summary>`,
    "",
    `Tool commands reach only the hosts ${CONFIG_FILE} allows (${describePolicy(egress.policy)}).`,
    "",
    ...lines,
    "",
    "</details>",
  ].join("\n");
}

/** The job summary's section: the policy, blocked hosts, allowed hosts used. */
export function egressSummary(egress: Egress): string {
  const { counts } = egress;
  const rows = (map: Map<string, number>) => [...map].map(([host, n]) => `| ${code(host)} | ${n} |`);
  return [
    "",
    "### Network",
    "",
    `Policy: ${describePolicy(egress.policy)}.`,
    ...(counts && counts.blocked.size > 0
      ? ["", "| blocked host | attempts |", "|---|---|", ...rows(counts.blocked)]
      : []),
    ...(counts && counts.allowed.size > 0
      ? ["", "| allowed host used | connections |", "|---|---|", ...rows(counts.allowed)]
      : []),
    "",
  ].join("\n");
}

function describePolicy(policy: EgressPolicy): string {
  if (policy.open) return '"open": tool commands reach any host';
  if (policy.entries.length === 0) return '"off": tool commands reach no host';
  const entries = policy.entries.map(code).join(", ");
  return policy.source === "detected" ? `the default for this repository: ${entries}` : `allow ${entries}`;
}
