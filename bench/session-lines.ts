// Generated pi v3 sessions for the benchmarks: a header, then entries chained by parentId, each
// message stamped like its entry. The resume and scale benchmarks write their sessions with it.

/** An assistant message's usage as gitclaw and pi record it (one cached Anthropic turn). */
export const TURN_USAGE = {
  input: 1200,
  output: 80,
  cacheRead: 9000,
  cacheWrite: 300,
  totalTokens: 10580,
  cost: { input: 0.0036, output: 0.0012, cacheRead: 0.0027, cacheWrite: 0.0011, total: 0.0086 },
};

export class SessionLines {
  private readonly lines: string[];
  private parentId: string | null = null;
  /** Entries written after the header. */
  count = 0;

  constructor(
    readonly id: string,
    private readonly start = Date.parse("2026-01-05T10:00:00.000Z"),
    private readonly stepMs = 1000,
  ) {
    const header = { type: "session", version: 3, id, timestamp: new Date(start).toISOString(), cwd: CWD };
    this.lines = [JSON.stringify(header)];
  }

  /** One entry; a message gets the entry's time as its own timestamp. */
  push(payload: Record<string, unknown>): void {
    const entryId = (0x10000000 + this.count).toString(16);
    const at = this.start + this.count * this.stepMs;
    const message = payload.type === "message" ? { message: { ...(payload.message as object), timestamp: at } } : {};
    const entry = { type: payload.type, id: entryId, parentId: this.parentId, timestamp: new Date(at).toISOString() };
    this.lines.push(JSON.stringify({ ...entry, ...payload, ...message }));
    this.parentId = entryId;
    this.count++;
  }

  message(message: Record<string, unknown>): void {
    this.push({ type: "message", message });
  }

  assistant(content: unknown[], stopReason: string): void {
    const model = { api: "anthropic-messages", provider: "anthropic", model: "claude-sonnet-4-5" };
    this.message({ role: "assistant", content, ...model, usage: TURN_USAGE, stopReason });
  }

  /** The model pi and gitclaw record first in a session. */
  startModel(): void {
    this.push({ type: "model_change", provider: "anthropic", modelId: "claude-sonnet-4-5" });
    this.push({ type: "thinking_level_change", thinkingLevel: "off" });
  }

  /** The file name pi gives the session, and its text. */
  file(): { file: string; text: string } {
    const stamp = new Date(this.start).toISOString().replace(/[:.]/g, "-");
    return { file: `${stamp}_${this.id}.jsonl`, text: `${this.lines.join("\n")}\n` };
  }
}

const CWD = "/home/runner/work/widgets/widgets";
