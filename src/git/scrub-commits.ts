// The commits the agent made with git (src/git/agent-repo.ts) are searched like the run's own files
// (scrub.ts): every file a commit of base..tip holds that differs from base is searched for the values
// handed to tool commands, and commits holding one are rebuilt with each occurrence replaced by
// [REDACTED] (later commits rebuilt on top), messages, authors and dates kept. A file too large to
// search is refused: the commits are not taken.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRedactor } from "../redact.ts";
import type { Git } from "./git.ts";
import { recommit } from "./land.ts";
import { isUtf8, MAX_SCRUBBED_BYTES } from "./scrub.ts";

export interface ScrubbedCommits {
  tip: string;
  /** Paths whose committed content was redacted. */
  redacted: string[];
}

/** base..tip with `values` redacted from every file they hold: the new tip (tip itself when nothing held one). */
export async function scrubCommits(
  git: Git,
  base: string,
  tip: string,
  values: readonly string[],
): Promise<ScrubbedCommits> {
  if (values.length === 0 || base === tip) return { tip, redacted: [] };
  const redact = createRedactor(values, { shapes: false });
  const commits = await git.must(["rev-list", "--reverse", "--topo-order", "--parents", `${base}..${tip}`]);
  const dir = mkdtempSync(join(tmpdir(), "gitclaw-scrub-"));
  const copies = new Map<string, string>();
  const blobs = new Map<string, string>();
  const redacted = new Set<string>();
  try {
    const scratch = { dir, redact, blobs, redacted };
    for (const line of commits.split("\n").filter(Boolean)) {
      const [commit, ...parents] = line.split(" ") as [string, ...string[]];
      const newParents = parents.map((parent) => copies.get(parent) ?? parent);
      const tree = await scrubbedTree(git, base, commit, scratch);
      const same = !tree && newParents.every((parent, i) => parent === parents[i]);
      copies.set(commit, same ? commit : await recommit(git, commit, tree ?? `${commit}^{tree}`, newParents));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { tip: copies.get(tip) ?? tip, redacted: [...redacted] };
}

interface Scratch {
  dir: string;
  redact: (text: string) => string;
  /** Each blob searched: itself, or its redacted copy. */
  blobs: Map<string, string>;
  redacted: Set<string>;
}

/** `commit`'s tree with its files that differ from `base` redacted; undefined when none held a value. */
async function scrubbedTree(git: Git, base: string, commit: string, scratch: Scratch): Promise<string | undefined> {
  const changed = (await git.must(["diff", "--no-renames", "--name-only", "-z", base, commit])).split("\0");
  const paths = changed.filter(Boolean);
  if (paths.length === 0) return undefined;
  const env = { GIT_LITERAL_PATHSPECS: "1" };
  const listed = await git.must(["ls-tree", "-r", "-z", "--full-tree", "-l", commit, "--", ...paths], { env });
  const replaced: string[] = [];
  for (const entry of listed.split("\0").filter(Boolean)) {
    const [meta, path] = [entry.slice(0, entry.indexOf("\t")), entry.slice(entry.indexOf("\t") + 1)];
    const [mode, type, blob, size] = meta.split(/\s+/) as [string, string, string, string];
    if (type !== "blob" || mode === "120000") continue;
    if (Number(size) > MAX_SCRUBBED_BYTES)
      throw new Error(`${path} is too large to search for the values tool commands were given`);
    const clean = scratch.blobs.get(blob) ?? (await redactBlob(git, blob, scratch));
    scratch.blobs.set(blob, clean);
    if (clean !== blob) {
      replaced.push(`${mode} ${clean}\t${path}`);
      scratch.redacted.add(path);
    }
  }
  if (replaced.length === 0) return undefined;
  const index = { ...env, GIT_INDEX_FILE: join(scratch.dir, "index") };
  await git.must(["read-tree", commit], { env: index });
  await git.must(["update-index", "-z", "--index-info"], { env: index, input: `${replaced.join("\0")}\0` });
  return git.must(["write-tree"], { env: index });
}

/** The blob with the values redacted, written to the object database; the blob itself when it holds none. */
async function redactBlob(git: Git, blob: string, scratch: Scratch): Promise<string> {
  const file = join(scratch.dir, "blob");
  await git.must(["cat-file", "blob", blob], { stdoutFile: file });
  const bytes = readFileSync(file);
  const encoding = isUtf8(bytes) ? "utf8" : "latin1";
  const text = bytes.toString(encoding);
  const clean = scratch.redact(text);
  if (clean === text) return blob;
  writeFileSync(file, Buffer.from(clean, encoding));
  return git.must(["hash-object", "-w", "--no-filters", file]);
}
