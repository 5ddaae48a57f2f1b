// Images both ways, through the whole workflow: a screenshot attached to an issue of a private
// repository reaches the model as an image (Anthropic's and OpenAI's wire shapes), `read` of a PNG
// does the same, and an image the agent attaches is embedded in its reply by a URL that resolves.
import { describe, expect, it } from "vitest";
import { issueCommentCreatedPayload, issueOpenedPayload } from "../support/payloads.ts";
import { makeAndReadTurns, png, writeImageTurn } from "../support/images.ts";
import type { RecordedModelRequest } from "../support/fake-model.ts";
import { OWNER, REPO, TOKEN, checkoutWithConfig, sessionLines, useWorld } from "./support.ts";

const world = useWorld([
  { login: "alice", permission: "write" },
  { login: "mallory", permission: "read" },
]);
const target = { owner: OWNER, repo: REPO };

type Block = { type: string; source?: { type: string; media_type: string; data: string }; text?: string };
const userBlocks = (request: RecordedModelRequest): Block[] =>
  ((request.body.messages as { role: string; content: Block[] }[]).find((m) => m.role === "user")?.content ??
    []) as Block[];

describe("images in", () => {
  it("passes a private repository's attachment to the model as an image block, by the signed URL of body_html", async () => {
    const screenshot = png(40, 30);
    const url = world.gh.addAttachment(screenshot);
    const issue = world.gh.createIssue({
      title: "The button is red",
      body: `It should be blue, see:\n\n![Screenshot](${url})\n`,
      user: "alice",
    });
    world.model.script([{ text: "I see a red button." }]);
    const before = world.model.requests.length;

    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }));

    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    const blocks = userBlocks(world.model.requests[before]!);
    const image = blocks.find((block) => block.type === "image");
    expect(image?.source).toEqual({ type: "base64", media_type: "image/png", data: screenshot.toString("base64") });
    expect(JSON.stringify(blocks)).toContain("Image 1, in the part by @alice (opened issue #");
    // The signed URL from body_html, asked for with the full+json media type, and never the token with it.
    const asked = world.gh.requests.find(
      (r) => r.path === `/repos/${OWNER}/${REPO}/issues/${issue.number}` && r.headers.accept?.includes("full+json"),
    );
    expect(asked).toBeDefined();
    const signed = world.gh.requests.filter((r) => r.path.startsWith("/_user-content/"));
    expect(signed).toHaveLength(1);
    expect(signed[0]!.headers.authorization).toBeUndefined();
    // Kept in the session as pi keeps images.
    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`));
    const user = sessionLines(await world.onOrigin(mapping.sessionPath)).find(
      (line) => line.type === "message" && (line.message as { role: string }).role === "user",
    )!;
    expect((user.message as { content: unknown[] }).content).toContainEqual({
      type: "image",
      data: screenshot.toString("base64"),
      mimeType: "image/png",
    });
    expect(world.gh.violations).toEqual([]);
  });

  it("does not download an outsider's image, and says so in one line", async () => {
    const url = world.gh.addAttachment(png(8, 8));
    const issue = world.gh.createIssue({ title: "Look", body: "see the comment", user: "alice" });
    world.model.script([{ text: "ok" }]);
    await world.run("issues", issueOpenedPayload({ ...target, issue }));
    world.gh.addComment(issue.number, { body: `mine: ![x](${url})`, user: "mallory" });
    const comment = world.gh.addComment(issue.number, { body: "what does mallory's image show?", user: "alice" });
    world.model.script([{ text: "I was not shown it." }]);
    const before = { model: world.model.requests.length, gh: world.gh.requests.length };

    const run = await world.run(
      "issue_comment",
      issueCommentCreatedPayload({ ...target, issue: world.gh.issue(issue.number), comment }),
    );

    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    const request = world.model.requests[before.model]!;
    const last = (request.body.messages as { role: string; content: Block[] }[]).at(-1)!;
    expect(last.content.some((block) => block.type === "image")).toBe(false);
    expect(JSON.stringify(last.content)).toContain(
      "Image 1, in the part by @mallory (commented): not shown: @mallory has no write access.",
    );
    expect(
      world.gh.requests
        .slice(before.gh)
        .some((r) => r.path.includes("user-attachments") || r.path.startsWith("/_user-content/")),
    ).toBe(false);
  });

  it("read of a PNG in the workspace returns the image to the model", async () => {
    const picture = png(16, 16, { rgb: [0, 0, 255] });
    const issue = world.gh.createIssue({ title: "What colour is logo.png?", body: "Look at it.", user: "alice" });
    world.model.script([
      {
        toolCalls: [
          {
            name: "bash",
            input: { command: `echo ${picture.toString("base64")} | base64 -d > logo.png && git add -A` },
          },
        ],
      },
      { toolCalls: [{ name: "read", input: { path: "logo.png" } }] },
      { text: "It is blue." },
    ]);
    const before = world.model.requests.length;

    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }));

    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    const messages = world.model.requests[before + 2]!.body.messages as { role: string; content: unknown }[];
    const result = (messages.at(-1)!.content as { type: string; content?: Block[] }[]).find(
      (block) => block.type === "tool_result",
    )!;
    expect(result.content).toContainEqual({
      type: "image",
      source: { type: "base64", media_type: "image/png", data: picture.toString("base64") },
    });
  });
});

describe("images out", () => {
  it("embeds an attached image in the reply by a URL that resolves to its bytes", async () => {
    const chart = png(20, 10, { rgb: [0, 160, 0] });
    const issue = world.gh.createIssue({ title: "Draw a chart", body: "and show it", user: "alice" });
    const refOf = (request: RecordedModelRequest) =>
      /as (artifact:\/\/\d+)/.exec(JSON.stringify(request.body.messages))?.[1];
    world.model.script([
      writeImageTurn("chart.png", chart),
      { toolCalls: [{ name: "github", input: { op: "attach", path: "chart.png" } }] },
      (request) => ({ text: `Here is the chart:\n\n![chart](${refOf(request)})` }),
    ]);

    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }));

    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    const reply = world.gh.comments(issue.number).at(-1)!.body!;
    const url = /!\[chart\]\(([^)]+)\)/.exec(reply)?.[1];
    expect(url).toMatch(
      new RegExp(`^${world.gh.serverUrl}/${OWNER}/${REPO}/blob/[0-9a-f]{40}/state/sessions/.+\\.png\\?raw=true$`),
    );
    const response = await fetch(url!, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(chart)).toBe(true);
    expect(reply).not.toContain("artifact://");
  });
});

describe("an OpenAI-compatible model that takes images", () => {
  it("gets the attachment as an image_url part, and a read PNG in a user message after the tool results", async () => {
    const workspace = await checkoutWithConfig(world, {
      providers: { local: { api: "openai-compatible", baseURL: world.model.openaiBaseUrl } },
      models: { "local/qwen-vl": { vision: true } },
    });
    const screenshot = png(12, 9);
    const picture = png(7, 7, { rgb: [0, 0, 255] });
    const url = world.gh.addAttachment(screenshot);
    const issue = world.gh.createIssue({ title: "Broken layout", body: `![shot](${url})`, user: "alice" });
    world.model.script([...makeAndReadTurns("p.png", picture), { text: "I see it." }, { text: "Still there." }]);
    const before = world.model.requests.length;

    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }), {
      workspace,
      env: { GITCLAW_MODEL: "local/qwen-vl" },
    });

    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    const request = world.model.requests[before]!;
    expect(request.api).toBe("openai");
    const user = (request.body.messages as { role: string; content: unknown }[]).find((m) => m.role === "user")!;
    expect(user.content).toContainEqual({
      type: "image_url",
      image_url: { url: `data:image/png;base64,${screenshot.toString("base64")}` },
    });
    const afterRead = world.model.requests[before + 2]!.body.messages as { role: string; content: unknown }[];
    expect(afterRead.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "assistant", "tool", "user"]);
    expect(afterRead.at(-1)!.content).toEqual([
      { type: "text", text: "Attached image(s) from tool result:" },
      { type: "image_url", image_url: { url: `data:image/png;base64,${picture.toString("base64")}` } },
    ]);

    // Resumed, the conversation sends both images again, in place.
    const comment = world.gh.addComment(issue.number, { body: "and now?", user: "alice" });
    const resumedAt = world.model.requests.length;
    const again = await world.run(
      "issue_comment",
      issueCommentCreatedPayload({ ...target, issue: world.gh.issue(issue.number), comment }),
      { env: { GITCLAW_MODEL: "local/qwen-vl" } },
    );
    expect(again.stages.agent!.exitCode, again.logs).toBe(0);
    const resumed = world.model.requests[resumedAt]!.body.messages as { role: string; content: unknown }[];
    expect(resumed.map((m) => m.role)).toEqual([
      ...["system", "user", "assistant", "tool", "assistant", "tool", "user", "assistant", "user"],
    ]);
    expect(JSON.stringify(resumed)).toContain(picture.toString("base64"));
    expect(JSON.stringify(resumed)).toContain(screenshot.toString("base64"));
  });
});
