// Verified commits (#36): what landing through GitHub's Git Database API (commits.sign, so GitHub
// signs the commits) costs against a git push of the same change. One commit changing 200 files
// (150 edited, 40 added, 10 deleted; text, as source changes are), landed on main of a bare origin
// by land() (src/git/land.ts): with its git push, or with the signed publish (src/run/signed-land.ts)
// through the GitHub stand-in over HTTP, which writes the objects with real git into the same origin
// and signs the commit with the web-flow key. Both include the verification fetch; the signed side
// also moves the checkout onto the signed commit. A fresh clone per landing, alternating sides.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { alternate, median, ms, OWNER, ratio, REPO, summary, TOKEN, type Benchmark } from "./lib.ts";
import { createGit } from "../src/git/git.ts";
import { land } from "../src/git/land.ts";
import { octokitApi } from "../src/github/api.ts";
import { createGitHubClient } from "../src/github/client.ts";
import { waitingOutSecondaryLimits } from "../src/github/git-database.ts";
import { followLanded, signedPublish } from "../src/run/signed-land.ts";

const FILES = 200;
const TARGET = 3;

/** 400 files in 20 folders, 2 KB of source each: the repository the change lands in. */
function sourceFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < 400; i++) files[`src/m${i % 20}/file-${i}.ts`] = `export const value${i} = ${i};\n`.repeat(60);
  return files;
}

/** The change of landing `n`: 150 files edited, 40 added, 10 deleted, committed in the clone. */
async function makeChange(dir: string, n: number, git: ReturnType<typeof createGit>): Promise<void> {
  for (let i = 0; i < 150; i++)
    writeFileSync(join(dir, `src/m${i % 20}/file-${i}.ts`), `export const value${i} = ${n};\n`.repeat(60));
  mkdirSync(join(dir, `added-${n}`));
  for (let i = 0; i < 40; i++) writeFileSync(join(dir, `added-${n}/file-${i}.ts`), `export const added${i} = ${n};\n`);
  for (let i = 0; i < 10; i++)
    rmSync(join(dir, `src/m${(390 - n * 10 + i) % 20}/file-${390 - n * 10 + i}.ts`), { force: true });
  await git.must(["add", "-A"]);
  await git.must(["commit", "-q", "-m", `Change ${n}`]);
}

export const signed: Benchmark = {
  name: "signed",
  title: "a signed landing of 200 files against a git push",
  method: `One commit changing ${FILES} files (150 edited, 40 added, 10 deleted) landed on main of a bare origin by land() (src/git/land.ts): with a git push, or signed: created again through the Git Database API of the GitHub stand-in over HTTP (src/run/signed-land.ts; text inline in one tree request, then the commit and the ref), which writes real git objects into the same origin and signs with the web-flow key. Both sides include the verification fetch; the signed side also moves the checkout onto the signed commit. A fresh clone per landing; alternating, after a warmup.`,
  defaultReps: 7,
  async run(ctx) {
    const [{ startGitHubEmulator }, { createTempRepo }, webFlow] = await Promise.all([
      import("../test/support/github-emulator.ts"),
      import("../test/support/git-repo.ts"),
      import("../test/support/web-flow.ts"),
    ]);
    const verifying = webFlow.verifyingOptions(webFlow.webFlowKey());
    const repo = await createTempRepo(sourceFiles());
    const gh = await startGitHubEmulator({
      owner: OWNER,
      repo: REPO,
      token: TOKEN,
      origin: repo.origin,
      validate: false,
    });
    const client = createGitHubClient({ token: TOKEN, baseUrl: gh.url, paced: false });
    const api = waitingOutSecondaryLimits(octokitApi(client));
    let n = 0;
    const landing = async (sign: boolean) => {
      const dir = await repo.clone(`land-${++n}`);
      const git = createGit(dir);
      const base = await git.must(["rev-parse", "HEAD"]);
      await makeChange(dir, n, git);
      const head = await git.must(["rev-parse", "HEAD"]);
      const publish = sign
        ? { publish: signedPublish({ git, api, repo: { owner: OWNER, repo: REPO }, trailers: [] }) }
        : {};
      const started = performance.now();
      const outcome = await land(git, {
        remote: repo.origin,
        branch: "main",
        base,
        head,
        attempts: 8,
        fallbackBranch: `side-${n}`,
        ...publish,
      });
      if (sign) await followLanded(git, outcome, () => {});
      const elapsed = performance.now() - started;
      if (!outcome.landed) throw new Error(`signed: landing ${n} did not land: ${outcome.reason}`);
      if (sign && (await repo.originGit(...verifying, "log", "-1", "--format=%G?", "main")) !== "G")
        throw new Error("signed: the landed commit is not signed with the web-flow key");
      return elapsed;
    };
    let times: Record<"push" | "signed", number[]>;
    try {
      times = await alternate(ctx, { push: () => landing(false), signed: () => landing(true) }, { warmup: 1 });
    } finally {
      await gh.stop();
      repo.cleanup();
    }
    ctx.log(`  ${summary("git push", times.push)}\n  ${summary("signed (API)", times.signed)}`);
    const [push, api2] = [median(times.push), median(times.signed)];
    return {
      rows: [
        {
          figure: `Signed landing of ${FILES} changed files through the Git Database API`,
          gitclaw: ms(api2),
          reference: `${ms(push)} (git push of the same change)`,
          ratio: ratio(api2, push, TARGET),
          target: `≤ ${TARGET}×`,
          met: api2 / push <= TARGET,
        },
      ],
      notes: [
        `signed: ${FILES} text files take 4 requests (read the ref, one tree with the files inline, the commit, the ref update; binary or large files would add one blob request each, 4 at a time), against the stand-in on the same machine, which writes the objects with real git and signs with ssh-keygen; the signed side also resets the checkout onto the signed commit (\`git reset --keep\`). Medians of ${times.signed.length} alternating repetitions after a warmup.`,
      ],
    };
  },
};
