// The run as a table for $GITHUB_STEP_SUMMARY: each turn with its usage, each tool call with its
// status and duration, then the totals. Built from the agent loop's events.
import type { AgentEvent, LoopResult } from "../agent/loop.ts";
import { approx, clearedNote, formatCost, formatDuration, formatTokens } from "./format.ts";
import { describeCall } from "./progress.ts";

interface TurnRow {
  turn: number;
  startedAt: number;
  durationMs?: number;
  tokens?: { input: number; output: number; cached: number; cost: number; estimated?: true };
  stopReason?: string;
  tools: { label: string; ok: boolean; durationMs: number }[];
}

export class RunTimeline {
  readonly turns: TurnRow[] = [];
  readonly audits: Record<string, unknown>[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  onEvent(event: AgentEvent): void {
    const current = this.turns.at(-1);
    if (event.type === "turn_start") this.turns.push({ turn: event.turn, startedAt: this.now(), tools: [] });
    else if (event.type === "assistant" && current) {
      const u = event.message.usage;
      current.durationMs = this.now() - current.startedAt;
      current.tokens = {
        input: u.input + u.cacheRead + u.cacheWrite,
        output: u.output,
        cached: u.cacheRead,
        cost: u.cost.total,
        ...(u.estimated ? { estimated: true as const } : {}),
      };
      current.stopReason = event.message.stopReason;
    } else if (event.type === "tool_end" && current) {
      current.tools.push({
        label: describeCall(event.call.name, event.call.arguments),
        ok: !event.result.isError,
        durationMs: event.durationMs,
      });
    }
  }

  /** One line per github tool call for the summary's audit table. */
  audit(entry: Record<string, unknown>): void {
    this.audits.push(entry);
  }

  private auditTable(): string[] {
    if (this.audits.length === 0) return [];
    const columns = ["time", "op", "class", "decision", "repo", "status", "durationMs", "bytes"];
    return [
      "",
      "### github tool calls",
      "",
      `| ${columns.join(" | ")} |`,
      `|${columns.map(() => "---").join("|")}|`,
      ...this.audits.map((a) => `| ${columns.map((c) => String(a[c] ?? "").replace(/\|/g, "\\|")).join(" | ")} |`),
    ];
  }

  toMarkdown(meta: { title: string; result: LoopResult; model: string; durationMs: number; runUrl: string }): string {
    const rows: string[] = [];
    for (const t of this.turns) {
      const mark = t.tokens ? approx(t.tokens) : "";
      const tokens = t.tokens
        ? `${mark}${formatTokens(t.tokens.input)} in · ${mark}${formatTokens(t.tokens.output)} out`
        : "";
      rows.push(
        `| ${t.turn} | model (${t.stopReason ?? "…"}) | ${t.stopReason === "error" ? "✗" : "✓"} | ${t.durationMs === undefined ? "" : formatDuration(t.durationMs, true)} | ${tokens} |`,
      );
      for (const tool of t.tools)
        rows.push(
          `| | ${tool.label.replace(/\|/g, "\\|")} | ${tool.ok ? "✓" : "✗"} | ${formatDuration(tool.durationMs, true)} | |`,
        );
    }
    const u = meta.result.usage;
    return [
      `## ${meta.title}`,
      "",
      `Outcome: **${meta.result.outcome}** · ${formatDuration(meta.durationMs)} · ${meta.result.turns} turns · ${meta.result.toolCalls} tool calls · [run](${meta.runUrl})`,
      "",
      "| turn | step | status | duration | tokens |",
      "|---|---|---|---|---|",
      ...rows,
      "",
      "| model | input | cached | output | cost |",
      "|---|---|---|---|---|",
      `| \`${meta.model}\` | ${approx(u)}${formatTokens(u.input + u.cacheRead + u.cacheWrite)} | ${formatTokens(u.cacheRead)} | ${approx(u)}${formatTokens(u.output)} | ${formatCost(u.cost.total)} |`,
      ...(meta.result.cleared
        ? [
            "",
            `Context editing: the last request had ${clearedNote(meta.result.cleared)}; the session file keeps them in full.`,
          ]
        : []),
      ...this.auditTable(),
      "",
    ].join("\n");
  }
}
