// The agent's objects into the trusted repository, read as data (./read.ts) and each checked by the
// trusted git as it takes it in.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Git } from "../git.ts";
import { packOfLooseObjects } from "../loose-pack.ts";
import { readObjectFiles } from "./read.ts";
import type { AgentRepo } from "./repository.ts";

/**
 * The agent's objects into the trusted repository, each checked by the trusted git: loose ones (what
 * `git commit` writes) as one pack through `unpack-objects --strict`; when the agent packed any, or
 * that fails, fetched with fsck from a quarantine.
 */
export async function takeObjectFiles(git: Git, repo: AgentRepo, tip: string, deadline: number): Promise<void> {
  const files = readObjectFiles(join(repo.gitDir, "objects"));
  const loose = files.every((file) => !file.rel.startsWith("pack/")) && packOfLooseObjects(files.map((f) => f.data));
  // Taking them in counts against the time the agent's commits may take (repo.limits.seconds).
  const timeoutMs = () => Math.max(1, deadline - Date.now());
  if (loose) {
    const unpacked = await git.run(["unpack-objects", "-q", "--strict"], { input: loose.pack, timeoutMs: timeoutMs() });
    if (unpacked.stderr.startsWith("timed out")) throw new Error(`taking them in ${unpacked.stderr}`);
    if (unpacked.exitCode === 0) {
      for (const [commit, parents] of loose.parents) repo.checkedParents.set(commit, parents);
      return;
    }
  }
  const quarantine = mkdtempSync(join(tmpdir(), "gitclaw-agent-objects-"));
  try {
    await fetchThroughQuarantine(git, repo, files, { tip, quarantine, timeoutMs: timeoutMs() });
  } finally {
    rmSync(quarantine, { recursive: true, force: true });
  }
}

/**
 * A bare repository of gitclaw's own making (its files written here, no git run in it) holding the
 * agent's object files; the trusted git fetches `tip` from it, every object checked. Objects only,
 * no ref: what the run pushes names them.
 */
async function fetchThroughQuarantine(
  git: Git,
  repo: AgentRepo,
  files: { rel: string; data: Buffer }[],
  { tip, quarantine, timeoutMs }: { tip: string; quarantine: string; timeoutMs: number },
): Promise<void> {
  mkdirSync(join(quarantine, "objects", "info"), { recursive: true });
  mkdirSync(join(quarantine, "refs", "heads"), { recursive: true });
  writeFileSync(join(quarantine, "config"), "[core]\n\trepositoryformatversion = 0\n\tbare = true\n");
  writeFileSync(join(quarantine, "HEAD"), "ref: refs/heads/agent\n");
  writeFileSync(join(quarantine, "refs", "heads", "agent"), `${tip}\n`);
  writeFileSync(join(quarantine, "objects", "info", "alternates"), `${repo.objects}\n`);
  for (const { rel, data } of files) {
    mkdirSync(join(quarantine, "objects", rel, ".."), { recursive: true });
    writeFileSync(join(quarantine, "objects", rel), data);
  }
  await git.must(
    [
      "-c",
      "transfer.fsckObjects=true",
      "fetch",
      "-q",
      "--no-tags",
      "--no-write-fetch-head",
      "--no-auto-maintenance",
      quarantine,
      "refs/heads/agent",
    ],
    { timeoutMs },
  );
}
