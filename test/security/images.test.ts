// Images in an issue, through the real stages: an attachment link whose download GitHub's side
// redirects to another host never takes the token there (nor is that host asked at all), and an
// image hidden from human readers is never downloaded. The run goes on, and its prompt says why in
// one line.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueOpenedPayload } from "../support/payloads.ts";
import { png } from "../support/images.ts";
import { OWNER, REPO, TOKEN, createWorld, type World } from "../e2e/support.ts";

let world: World;
const foreign: { path: string; authorization: string | null }[] = [];
let foreignServer: ReturnType<typeof Bun.serve>;
beforeAll(async () => {
  world = await createWorld();
  world.gh.addUser({ login: "alice", permission: "write" });
  foreignServer = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(request) {
      foreign.push({ path: new URL(request.url).pathname, authorization: request.headers.get("authorization") });
      return new Response(png(4, 4));
    },
  });
});
afterAll(async () => {
  foreignServer.stop(true);
  await world.stop();
});

const target = { owner: OWNER, repo: REPO };
const firstUserText = (world: World, index: number) =>
  JSON.stringify((world.model.requests[index]!.body.messages as { content: unknown }[])[0]!.content);

describe("images in an issue", () => {
  it("follow no redirect off GitHub's hosts: the foreign host is never asked, and never sees the token", async () => {
    // An attachment GitHub's body_html does not sign: gitclaw asks the link itself, with the token.
    const link = `${world.gh.serverUrl}/user-attachments/assets/0b6a6f0e-1c1d-4e4e-9a9a-123456789abc`;
    world.gh.failNext({
      path: /\/user-attachments\/assets\//,
      status: 302,
      headers: { location: `http://127.0.0.1:${foreignServer.port}/collect` },
    });
    const issue = world.gh.createIssue({ title: "Broken page", body: `![shot](${link})`, user: "alice" });
    world.model.script([{ text: "I could not see the screenshot." }]);
    const before = world.model.requests.length;

    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }));

    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    const asked = world.gh.requests.filter((r) => r.path.includes("/user-attachments/assets/"));
    expect(asked.map((r) => r.headers.authorization)).toEqual([`Bearer ${TOKEN}`]);
    expect(foreign).toEqual([]);
    expect(firstUserText(world, before)).toContain(
      `Image 1, in the part by @alice (opened issue #${issue.number}): not shown: 127.0.0.1:${foreignServer.port} is not a GitHub host.`,
    );
    expect(world.gh.comments(issue.number).at(-1)!.body).toContain("I could not see the screenshot.");
  });

  it("never downloads an image hidden from human readers", async () => {
    const url = world.gh.addAttachment(png(6, 6));
    const issue = world.gh.createIssue({
      title: "Nothing to see",
      body: `Fine as it is.\n<!-- ![](${url}) -->\n<details><summary>x</summary></details>`,
      user: "alice",
    });
    world.model.script([{ text: "ok" }]);
    const before = { model: world.model.requests.length, gh: world.gh.requests.length };

    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }));

    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    const downloads = world.gh.requests
      .slice(before.gh)
      .filter((r) => r.path.includes("/user-attachments/") || r.path.startsWith("/_user-content/"));
    expect(downloads).toEqual([]);
    expect(firstUserText(world, before.model)).not.toContain('"type":"image"');
  });
});
