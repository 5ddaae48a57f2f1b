// How many tokens the server really counts per token gitclaw estimates (four characters each). The
// estimate holds for English and code; Chinese is five times denser, hex and base64 three. The
// server says what it counted: in a refusal (llama.cpp's n_prompt_tokens, "resulted in N tokens")
// and in every answer's usage. The instructions and tool definitions every request carries are
// English, so the ratio is of the rest, the conversation, and corrects that part of each estimate.
// It only grows within a run: a dense message once seen may still be in the conversation.

/** A conversation counted this many times its estimate is dense text, not a tokenizer's ordinary difference. */
const DENSE = 1.5;
/**
 * The densest text measured is Chinese at 5.5 times the estimate: a count past this is not of the
 * conversation's text (a usage that includes what the estimate does not, such as a cache's whole
 * prefix), and must not blow every later estimate up into compaction.
 */
const MAX_RATIO = 8;

export class TokenRatio {
  #ratio = 1;

  constructor(readonly fixedTokens: number) {}

  /** Real tokens per estimated one in the conversation, at least 1. */
  get value(): number {
    return this.#ratio;
  }

  /** A request's estimate corrected: its fixed part as estimated, the conversation by the ratio. */
  correct(estimated: number): number {
    return Math.ceil(this.fixedTokens + Math.max(0, estimated - this.fixedTokens) * this.#ratio);
  }

  /**
   * Learns from the server's count of a request gitclaw estimated at `estimated` tokens. An answer's
   * usage (`from: "usage"`) counts only when it shows dense text: a tokenizer's ordinary difference
   * from the estimate is what the reserve is for, and must not move compaction.
   */
  learn(counted: number, estimated: number, from: "refusal" | "usage" = "refusal"): void {
    const conversation = estimated - this.fixedTokens;
    if (conversation <= 0 || counted <= 0) return;
    const ratio = (counted - this.fixedTokens) / conversation;
    if (from === "usage" && ratio < DENSE) return;
    this.#ratio = Math.max(this.#ratio, Math.min(ratio, MAX_RATIO));
  }
}
