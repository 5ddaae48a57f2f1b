// The commits the agent made with git (src/git/agent/), made fit to push before they are taken:
// - the values handed to tool commands (tools.env) are redacted, as in the run's own files (scrub.ts),
//   from every file a commit of base..tip holds that differs from base, from those paths' names, from
//   link targets, and from messages, authors and committers;
// - a commit names only gitclaw and the person who asked (claims.ts): any other author, committer or
//   `-by:` trailer becomes a trailer saying it is the agent's claim;
// - their number and the time taking them may cost are bounded: past `maxCommits`, or past `deadline`,
//   the change comes as one commit of tip's tree on base, which says why.
// A commit that needs none of it is kept as it is; the others are rebuilt (later commits on top), their
// dates kept, gitclaw as committer. A file too large to search is refused: the commits are not taken.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRedactor } from "../redact.ts";
import { ownedCommit } from "./claims.ts";
import { BOT_IDENTITY, identityEnv, type Git, type Identity } from "./git.ts";
import { isUtf8, MAX_SCRUBBED_BYTES } from "./scrub.ts";

export interface CommitRules {
  /** The values handed to tool commands. */
  values: readonly string[];
  /** Who besides gitclaw the commits may name (the person who asked). */
  people: readonly Identity[];
  /** More commits than this come as one. */
  maxCommits: number;
  /** Date.now() past which the rest comes as one commit. */
  deadline: number;
}

export interface ScrubbedCommits {
  tip: string;
  /** Paths whose committed content, name or link target was redacted. */
  redacted: string[];
  /** Why the commits came as one, when they did. */
  squashed?: string;
}

/** base..tip made fit to push: the new tip (tip itself when every commit already was). */
export async function scrubCommits(git: Git, base: string, tip: string, rules: CommitRules): Promise<ScrubbedCommits> {
  if (base === tip) return { tip, redacted: [] };
  const scratch = newScratch(rules);
  try {
    const count = Number(
      await git.must(["rev-list", "--count", `--max-count=${rules.maxCommits + 1}`, `${base}..${tip}`]),
    );
    if (count > rules.maxCommits) return await squash(git, base, tip, scratch, `more than ${rules.maxCommits} commits`);
    const copied = await copyCommits(git, base, tip, scratch);
    if (copied === "late") return await squash(git, base, tip, scratch, "taking them one by one took too long");
    return { tip: copied, redacted: [...scratch.redacted] };
  } finally {
    rmSync(scratch.dir, { recursive: true, force: true });
  }
}

interface Scratch {
  dir: string;
  rules: CommitRules;
  redact?: (text: string) => string;
  /** Each blob searched: itself, or its redacted copy. */
  blobs: Map<string, string>;
  redacted: Set<string>;
}

function newScratch(rules: CommitRules): Scratch {
  const dir = mkdtempSync(join(tmpdir(), "gitclaw-scrub-"));
  const redact = rules.values.length ? createRedactor(rules.values, { shapes: false }) : undefined;
  return { dir, rules, ...(redact ? { redact } : {}), blobs: new Map(), redacted: new Set() };
}

/** Each commit of base..tip, oldest first, kept or rebuilt; "late" when the deadline passed first. */
async function copyCommits(git: Git, base: string, tip: string, scratch: Scratch): Promise<string | "late"> {
  const copies = new Map<string, string>();
  for (const commit of await readCommits(git, base, tip)) {
    if (Date.now() > scratch.rules.deadline) return "late";
    const parents = commit.parents.map((parent) => copies.get(parent) ?? parent);
    const tree = scratch.redact ? await scrubbedTree(git, base, commit.sha, scratch) : undefined;
    const facts = redactedFacts(commit, scratch.redact);
    const owned = ownedCommit(facts, scratch.rules.people);
    const metaChanged = owned.changed || facts.message !== commit.message || !sameFacts(facts, commit);
    const same = !tree && !metaChanged && parents.every((parent, i) => parent === commit.parents[i]);
    copies.set(
      commit.sha,
      same
        ? commit.sha
        : await writeCommit(git, { tree: tree ?? `${commit.sha}^{tree}`, parents, ...owned, date: commit.date }),
    );
  }
  return copies.get(tip) ?? tip;
}

/** The change of base..tip as one commit of gitclaw's on base, saying why. */
async function squash(git: Git, base: string, tip: string, scratch: Scratch, why: string): Promise<ScrubbedCommits> {
  const tree = (scratch.redact && (await scrubbedTree(git, base, tip, scratch))) || `${tip}^{tree}`;
  const reason = `The agent's commits come as this one commit: ${why}.`;
  const message = `gitclaw: the agent's commits, as one\n\n${reason}\n`;
  const sha = await writeCommit(git, { tree, parents: [base], author: BOT_IDENTITY, message });
  return { tip: sha, redacted: [...scratch.redacted], squashed: why };
}

type OwnedFacts = { author: Identity; committer: Identity; message: string };

interface AgentCommit extends OwnedFacts {
  sha: string;
  parents: string[];
  date: string;
}

const FIELDS = 9;

/** base..tip, oldest first (parents before children), read in one git command. */
async function readCommits(git: Git, base: string, tip: string): Promise<AgentCommit[]> {
  const format = ["%H", "%P", "%an", "%ae", "%aI", "%cn", "%ce", "%x01", "%B"].join("%x00");
  const out = await git.must(["log", "--reverse", "--topo-order", "-z", `--format=${format}`, `${base}..${tip}`]);
  const fields = out.split("\0");
  if (fields.at(-1) === "") fields.pop();
  if (fields.length % FIELDS !== 0) throw new Error("a commit message holds a NUL byte");
  const commits: AgentCommit[] = [];
  for (let i = 0; i < fields.length; i += FIELDS) {
    const [sha, parents, an, ae, date, cn, ce, mark, message] = fields.slice(i, i + FIELDS) as string[];
    if (mark !== "\x01") throw new Error("a commit message holds a NUL byte");
    commits.push({
      sha: sha!,
      parents: parents ? parents.split(" ") : [],
      author: { name: an!, email: ae! },
      committer: { name: cn!, email: ce! },
      date: date!,
      message: message!,
    });
  }
  return commits;
}

function redactedFacts(commit: AgentCommit, redact?: (text: string) => string): OwnedFacts {
  if (!redact) return commit;
  const person = (who: Identity) => ({ name: redact(who.name), email: redact(who.email) });
  return { author: person(commit.author), committer: person(commit.committer), message: redact(commit.message) };
}

const sameFacts = (a: OwnedFacts, b: OwnedFacts) =>
  a.author.name === b.author.name &&
  a.author.email === b.author.email &&
  a.committer.name === b.committer.name &&
  a.committer.email === b.committer.email;

/** A commit with gitclaw as committer; the author's date kept when given. */
async function writeCommit(
  git: Git,
  commit: { tree: string; parents: readonly string[]; author: Identity; message: string; date?: string },
): Promise<string> {
  const env = { ...identityEnv(commit.author, "AUTHOR"), ...(commit.date ? { GIT_AUTHOR_DATE: commit.date } : {}) };
  const parentArgs = commit.parents.flatMap((parent) => ["-p", parent]);
  return git.must(["commit-tree", commit.tree, ...parentArgs, "-F", "-"], { env, input: commit.message });
}

const NO_OBJECT = "0".repeat(40);

/**
 * `commit`'s tree with the files that differ from `base` redacted: contents, link targets and names;
 * undefined when none held a value.
 */
async function scrubbedTree(git: Git, base: string, commit: string, scratch: Scratch): Promise<string | undefined> {
  const redact = scratch.redact!;
  const changed = (await git.must(["diff", "--no-renames", "--name-only", "-z", base, commit])).split("\0");
  const paths = changed.filter(Boolean);
  if (paths.length === 0) return undefined;
  const env = { GIT_LITERAL_PATHSPECS: "1" };
  const listed = await git.must(["ls-tree", "-r", "-z", "--full-tree", "-l", commit, "--", ...paths], { env });
  const replaced: string[] = [];
  for (const entry of listed.split("\0").filter(Boolean)) {
    const [meta, path] = [entry.slice(0, entry.indexOf("\t")), entry.slice(entry.indexOf("\t") + 1)];
    const [mode, type, blob, size] = meta.split(/\s+/) as [string, string, string, string];
    if (type !== "blob") continue;
    if (Number(size) > MAX_SCRUBBED_BYTES)
      throw new Error(`${path} is too large to search for the values tool commands were given`);
    const clean = scratch.blobs.get(blob) ?? (await redactBlob(git, blob, scratch));
    scratch.blobs.set(blob, clean);
    const name = redact(path);
    if (clean === blob && name === path) continue;
    if (name !== path) replaced.push(`0 ${NO_OBJECT}\t${path}`);
    replaced.push(`${mode} ${clean}\t${name}`);
    scratch.redacted.add(name);
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
  const clean = scratch.redact!(text);
  if (clean === text) return blob;
  writeFileSync(file, Buffer.from(clean, encoding));
  return git.must(["hash-object", "-w", "--no-filters", file]);
}
