// The token actions/checkout persists in .git/config (`http.<url>.extraheader`, also in files pulled
// in with include.path) would be readable by every tool command: it is removed before the agent
// runs. gitclaw's own pushes get the credential from memory (tokenAuthEnv in ./git.ts).
import type { Git } from "./git.ts";

const lines = (text: string) => text.split("\n").filter(Boolean);

export async function removePersistedCredentials(git: Git): Promise<string[]> {
  const removed: string[] = [];
  const files = [".git/config"];
  const includes = await git.run(["config", "--local", "--get-all", "include.path"]);
  if (includes.exitCode === 0) files.push(...lines(includes.stdout));
  const conditional = await git.run(["config", "--local", "--get-regexp", "^includeif\\..*\\.path$"]);
  if (conditional.exitCode === 0)
    files.push(...lines(conditional.stdout).map((line) => line.split(" ").slice(1).join(" ")));
  for (const file of files) {
    const scope = file === ".git/config" ? ["--local"] : ["--file", file];
    const found = await git.run(["config", ...scope, "--name-only", "--get-regexp", "^http\\..*extraheader$"]);
    if (found.exitCode !== 0) continue;
    for (const key of new Set(lines(found.stdout))) {
      await git.run(["config", ...scope, "--unset-all", key]);
      removed.push(`${file}: ${key}`);
    }
  }
  return removed;
}
