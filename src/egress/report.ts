// What the network policy did in a run, for people: in the reply, one collapsed note listing each
// blocked host with its count and the config line that would allow it; in the job summary, the
// policy, the blocked hosts and the allowed hosts used.
import { CONFIG_FILE } from "../config/paths.ts";
import type { Egress } from "./egress.ts";
import type { EgressCounts } from "./proxy.ts";
import { allowLine, type EgressPolicy } from "./policy.ts";
import { codeSpan, inertText } from "../github/markdown.ts";
import { plural } from "../text/format.ts";

/** Hosts listed one by one in the reply and the job summary; the rest are counted. */
const LISTED_HOSTS = 10;
const SUMMARY_ROWS = 50;
/** Hosts named in the note's one-line summary. */
const NAMED_HOSTS = 3;

const total = (counts: Iterable<number>) => [...counts].reduce((sum, n) => sum + n, 0);

/** The reply's note on blocked network access; undefined when nothing was blocked or refused. */
export function blockedNote(egress: Egress): string | undefined {
  const counts = egress.counts;
  if (!counts || (counts.blocked.size === 0 && counts.unlisted === 0 && counts.overloaded === 0)) return undefined;
  const hosts = [...counts.blocked];
  const lines = hosts.slice(0, LISTED_HOSTS).map(([host, count]) => hostLine(egress, host, count));
  const rest = hosts.slice(LISTED_HOSTS);
  const restAttempts = total(rest.map(([, n]) => n)) + counts.unlisted;
  if (restAttempts) lines.push(`- …and ${plural(rest.length, "more host")} (${plural(restAttempts, "attempt")})`);
  if (counts.overloaded)
    lines.push(
      `- ${plural(counts.overloaded, "connection")} refused: the proxy takes at most ${counts.maxConnections} at once`,
    );
  return [
    `<details><summary>🛡️ Network: ${headline(counts)}</summary>`,
    "",
    `Tool commands reach only the hosts ${CONFIG_FILE} allows (${describePolicy(egress.policy)}).`,
    "",
    ...lines,
    "",
    "</details>",
  ].join("\n");
}

/** The note's summary line: attempts, hosts (the first few named, escaped), connections refused. */
function headline(counts: EgressCounts): string {
  const attempts = total(counts.blocked.values()) + counts.unlisted;
  const names = [...counts.blocked.keys()].slice(0, NAMED_HOSTS).map((host) => inertText(host, 40));
  const more = counts.blocked.size > NAMED_HOSTS ? ", …" : "";
  const parts = attempts
    ? [
        `${plural(attempts, "blocked attempt")} to ${plural(counts.blocked.size, "host")} not allowed (${names.join(", ")}${more})`,
      ]
    : [];
  if (counts.overloaded) parts.push(`${plural(counts.overloaded, "connection")} refused, too many at once`);
  return parts.join("; ");
}

/** A blocked host, its count, how it was tried around the proxy and the config line that allows it. */
function hostLine(egress: Egress, host: string, count: number): string {
  const kinds = egress.counts?.around.get(host);
  const around = kinds ? ` (around the proxy: ${[...kinds].join(", ")})` : "";
  // A host name has at most 253 characters: a longer one is made up, and no config line allows it.
  const allow = host.length > 253 ? "not a host name" : `to allow it: ${codeSpan(allowLine(egress.policy, host))}`;
  return `- ${codeSpan(host, 80)}: ${plural(count, "attempt")}${around}; ${allow}`;
}

/** The job summary's section: the policy, blocked hosts, allowed hosts used. */
export function egressSummary(egress: Egress): string {
  const { counts } = egress;
  const rows = (map: Map<string, number>) => {
    const hosts = [...map];
    const rest = hosts.slice(SUMMARY_ROWS);
    const more = rest.length ? [`| …and ${plural(rest.length, "more host")} | ${total(rest.map(([, n]) => n))} |`] : [];
    return [
      ...hosts.slice(0, SUMMARY_ROWS).map(([host, n]) => `| ${codeSpan(host, 80).replace(/\|/g, "\\|")} | ${n} |`),
      ...more,
    ];
  };
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
  const entries = policy.entries.map((entry) => codeSpan(entry)).join(", ");
  return policy.source === "detected" ? `the default for this repository: ${entries}` : `allow ${entries}`;
}
