// Small formatting helpers shared by the reply footer, the progress comment and the job summary.
import type { Cleared } from "../agent/context-editing.ts";
import type { Usage } from "../session/entries.ts";
import { plural } from "../text/format.ts";

/** `2m 5s`, `42s`; with `precise`, sub-minute durations keep one decimal (`1.3s`). */
export function formatDuration(ms: number, precise = false): string {
  if (precise && ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${s % 60}s`;
}

export const formatTokens = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n));

/** `~` before token counts that are (partly) estimated: the provider reported none for a turn (src/agent/usage.ts). */
export const approx = (usage: Pick<Usage, "estimated">) => (usage.estimated ? "~" : "");

export const formatCost = (usd: number) => (usd > 0 ? `$${usd.toFixed(4)}` : "cost unknown");

/** What context editing left out of the last request (src/agent/context-editing.ts). */
export const clearedNote = (cleared: Cleared) =>
  `${plural(cleared.results, "tool result")} cleared (~${formatTokens(cleared.tokens)} tokens)`;
