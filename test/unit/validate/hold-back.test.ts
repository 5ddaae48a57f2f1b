// Secrets held back from a push (src/validate/hold-back.ts) over a real repository: the change about
// to land scanned (commits since the base and the working tree), the hunk with a finding undone, the
// rest of the same file and every other file kept, the commits rebuilt without it, a new file
// holding one removed; AWS's documented example key is not a finding, the run's own secret is, a
// tools.env value (redacted in place by the commit) is not.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createGit } from "../../../src/git/git.ts";
import { changedPaths } from "../../../src/git/status.ts";
import { holdBackSecrets } from "../../../src/validate/hold-back.ts";
import { createTempRepo, git, type TempRepo } from "../../support/git-repo.ts";

const KEY = ["AKIA", "Q3EGRTZXPLMN7WVB"].join("");
const OWN = "own-secret-value-0123456789";
/** A tools.env value: the commit redacts it in place, so the scan passes over it. */
const PASSED = "postgres://app:s3cret-Passw0rd-xyz@db.internal:5432/widgets";
const lines = (count: number, at: Record<number, string> = {}) =>
  `${Array.from({ length: count }, (_, i) => at[i + 1] ?? `line ${i + 1}`).join("\n")}\n`;

let repo: TempRepo;
afterEach(() => repo?.cleanup());

describe("holdBackSecrets", () => {
  it("undoes only the hunks with a finding, in commits and in the working tree", async () => {
    repo = await createTempRepo({ "config.ts": lines(30), "state/own.json": "{}\n" });
    const base = await git(repo.dir, "rev-parse", "HEAD");
    const read = (path: string) => readFileSync(join(repo.dir, path), "utf8");
    writeFileSync(join(repo.dir, "config.ts"), lines(30, { 2: "changed two", 25: `const key = "${KEY}";` }));
    await git(repo.dir, "add", "-A");
    await git(repo.dir, "-c", "user.name=a", "-c", "user.email=a@e", "commit", "-qm", "agent's commit");
    writeFileSync(join(repo.dir, "new.ts"), `export const token = "${OWN}";\n`);
    writeFileSync(join(repo.dir, "example.ts"), 'export const id = "AKIAIOSFODNN7EXAMPLE";\n');
    writeFileSync(join(repo.dir, "state/own.json"), `{"k": "${KEY}"}\n`);
    writeFileSync(join(repo.dir, "db.txt"), `${PASSED}\n`);
    const mine = (path: string) => path.startsWith("state/");

    const repoGit = createGit(repo.dir);
    const status = await changedPaths(repoGit);
    const held = await holdBackSecrets(repoGit, base, mine, { own: [OWN], scrubbed: [PASSED] }, status);

    expect(held.findings).toEqual([
      { path: "config.ts", line: 25, rule: "aws" },
      { path: "new.ts", line: 1, rule: "a secret of this run" },
    ]);
    expect(held.whole).toEqual([]);
    expect(read("config.ts")).toBe(lines(30, { 2: "changed two" }));
    expect(existsSync(join(repo.dir, "new.ts"))).toBe(false);
    expect(read("example.ts")).toContain("AKIAIOSFODNN7EXAMPLE");
    expect(read("state/own.json")).toContain(KEY);
    expect(read("db.txt")).toBe(`${PASSED}\n`);
    // The commit no longer holds the key: its change to config.ts waits in the working tree.
    expect(await git(repo.dir, "log", "-p", `${base}..HEAD`)).not.toContain(KEY);
  });
});
