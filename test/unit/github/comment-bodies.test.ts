import { describe, expect, it } from "vitest";
import { replyBodies, splitText } from "../../../src/github/comment-bodies.ts";
import { COMMENT_LIMIT } from "../../../src/github/markdown.ts";
import { REPLY_MARKER } from "../../../src/github/marker.ts";

const unwrap = (body: string) => body.replace(/^\*\(part \d+ of \d+\)\*\n\n/, "").replace(`\n${REPLY_MARKER}`, "");

describe("replies", () => {
  it("keeps a short reply whole with the hidden marker", () => {
    expect(replyBodies("Done.", "<sub>footer</sub>")).toEqual([`Done.\n\n<sub>footer</sub>\n${REPLY_MARKER}`]);
  });

  it("splits a reply over the comment limit in order, losing nothing", () => {
    const paragraph = "word ".repeat(3000).trim();
    const text = Array.from({ length: 12 }, (_, i) => `## Part ${i}\n\n${paragraph}`).join("\n\n");
    expect(text.length).toBeGreaterThan(COMMENT_LIMIT * 2);
    const bodies = replyBodies(text, "FOOTER");
    expect(bodies.length).toBeGreaterThanOrEqual(3);
    for (const body of bodies) expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    bodies.forEach((b, i) => expect(b.startsWith(`*(part ${i + 1} of ${bodies.length})*`)).toBe(true));
    const rebuilt = bodies.map(unwrap).join("");
    expect(rebuilt).toBe(`${text}\n\nFOOTER`);
  });

  it("cuts one unbroken run hard but never inside a surrogate pair", () => {
    const text = "😀".repeat(50);
    const parts = splitText(text, 7);
    expect(parts.join("")).toBe(text);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(7);
    for (const part of parts) expect(() => encodeURIComponent(part)).not.toThrow();
  });
});
