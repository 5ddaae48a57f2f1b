// The agent's loose objects as one pack (src/git/loose-pack.ts): what the trusted git's
// `unpack-objects --strict` takes in, and the commits' parents named by their content, never by
// the file names an agent chose.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { packOfLooseObjects } from "../../../src/git/loose-pack.ts";

let dir: string;
const git = async (cwd: string, ...args: string[]) =>
  (
    await execa("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
      cwd,
      env: { GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" },
    })
  ).stdout.trim();

/** Every loose object file of a repository, as bytes. */
const looseFiles = (repo: string) => {
  const objects = join(repo, ".git", "objects");
  return readdirSync(objects)
    .filter((name) => /^[0-9a-f]{2}$/.test(name))
    .flatMap((name) => readdirSync(join(objects, name)).map((file) => readFileSync(join(objects, name, file))));
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "gitclaw-loose-pack-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the agent's loose objects as one pack", () => {
  it("unpacks, checked, into another repository, and names each commit's parents by its content", async () => {
    const source = join(dir, "source");
    await git(dir, "init", "-q", source);
    await git(source, "commit", "-q", "--allow-empty", "-m", "one");
    await git(source, "commit", "-q", "--allow-empty", "-m", "two");
    const [two, one] = (await git(source, "log", "--format=%H")).split("\n");
    const built = packOfLooseObjects(looseFiles(source));
    expect(built?.parents).toEqual(
      new Map([
        [one, []],
        [two, [one]],
      ]),
    );
    const target = join(dir, "target");
    await git(dir, "init", "-q", target);
    await execa("git", ["unpack-objects", "-q", "--strict"], { cwd: target, input: built!.pack });
    expect(await git(target, "log", "--format=%s", two!)).toBe("two\none");
  });

  it("is refused for a file that is no loose object", () => {
    expect(packOfLooseObjects([Buffer.from("not zlib at all")])).toBeUndefined();
  });
});
