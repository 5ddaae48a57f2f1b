// Who the agent's commits may name (src/git/claims.ts): gitclaw and the person who asked; anyone
// else it named as author, committer or in a -by: trailer is kept only as the agent's claim.
import { describe, expect, it } from "vitest";
import { ownedCommit, trailerIdentity } from "../../../src/git/claims.ts";
import { BOT_IDENTITY } from "../../../src/git/git.ts";

const alice = trailerIdentity("Co-authored-by: alice <7+alice@users.noreply.github.com>")!;
const owner = { name: "The Owner", email: "owner@example.com" };

describe("ownedCommit", () => {
  it("leaves a commit by gitclaw or the requester, with their trailers, as it is", () => {
    const message =
      "Work\n\nSigned-off-by: gitclaw[bot] <gitclaw[bot]@users.noreply.github.com>\nCo-authored-by: alice <7+alice@users.noreply.github.com>\n";
    expect(ownedCommit({ author: alice, committer: BOT_IDENTITY, message }, [alice])).toEqual({
      author: alice,
      message,
      changed: false,
    });
  });

  it("makes gitclaw the author of a forged commit and keeps every claim as the agent's", () => {
    const committer = { name: "github-actions[bot]", email: "41898282+github-actions[bot]@users.noreply.github.com" };
    const message = "Forged\n\nSigned-off-by: The Owner <owner@example.com>\nco-authored-by: Mallory <m@example.com>\n";
    const owned = ownedCommit({ author: owner, committer, message }, [alice]);
    expect(owned.author).toEqual(BOT_IDENTITY);
    expect(owned.changed).toBe(true);
    expect(owned.message).toBe(
      [
        "Forged",
        "",
        "Agent-claimed-signed-off-by: The Owner <owner@example.com>",
        "Agent-claimed-co-authored-by: Mallory <m@example.com>",
        "Agent-claimed-author: The Owner <owner@example.com>",
        `Agent-claimed-committer: github-actions[bot] <${committer.email}>`,
        "",
      ].join("\n"),
    );
  });

  it("changes nothing in a commit it already made fit (taken again)", () => {
    const first = ownedCommit(
      { author: owner, committer: BOT_IDENTITY, message: "X\n\nSigned-off-by: The Owner <owner@example.com>\n" },
      [],
    );
    const again = ownedCommit({ author: first.author, committer: BOT_IDENTITY, message: first.message }, []);
    expect(again).toEqual({ author: BOT_IDENTITY, message: first.message, changed: false });
  });

  it("puts the claims in a trailer paragraph of their own after a plain message", () => {
    const owned = ownedCommit({ author: owner, committer: BOT_IDENTITY, message: "Plain\n" }, []);
    expect(owned.message).toBe("Plain\n\nAgent-claimed-author: The Owner <owner@example.com>\n");
  });
});
