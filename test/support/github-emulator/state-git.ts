// The Git Database API's objects, written with real git into the emulator's bare origin: blobs,
// trees (on a base tree, with deletions), commits (signed with GitHub's web-flow key when the request
// names no author, committer or signature, as GitHub signs them) and refs (fast-forward only unless
// forced). Handlers are synchronous, so git runs through spawnSync.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { deflateSync } from "node:zlib";
import { signingOptions, verifyingOptions, webFlowKey } from "../web-flow.ts";
import { ApiError } from "./http.ts";

/** GitHub's documented ceiling for one file (and so one blob): 100 MiB. */
export const BLOB_LIMIT_BYTES = 100 * 1024 * 1024;

const ZERO = "0".repeat(40);
const OBJECT_ID = /^[0-9a-f]{40}$/;
export const TREE_MODES: Record<string, "blob" | "tree" | "commit"> = {
  "100644": "blob",
  "100755": "blob",
  "120000": "blob",
  "040000": "tree",
  "160000": "commit",
};

export interface GitIdentity {
  name: string;
  email: string;
  /** ISO 8601. */
  date: string;
}

export interface TreeEntryInput {
  path: string;
  mode: string;
  type?: string;
  /** null deletes the path (with a base tree). */
  sha?: string | null;
  content?: string;
}

export interface CommitInput {
  message: string;
  tree: string;
  parents: string[];
  author?: GitIdentity;
  committer?: GitIdentity;
  signature?: string;
}

export interface ParsedCommit {
  sha: string;
  tree: string;
  parents: string[];
  author: GitIdentity;
  committer: GitIdentity;
  message: string;
  signature?: string;
  payload: string;
}

export interface Verification {
  verified: boolean;
  reason: "valid" | "unsigned" | "unknown_key";
  signature: string | null;
  payload: string | null;
  verified_at: string | null;
}

interface Ran {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export class GitDatabase {
  constructor(
    readonly origin: string,
    /** Who an API commit is by when the request names nobody: the token's user (a bot for the job's token). */
    private readonly requester: () => { name: string; email: string },
  ) {}

  private git(args: string[], options: { input?: string | Uint8Array; env?: Record<string, string> } = {}): Ran {
    const result = Bun.spawnSync(["git", "--git-dir", this.origin, ...args], {
      stdin: options.input === undefined ? "ignore" : Buffer.from(options.input),
      stdout: "pipe",
      stderr: "pipe",
      env: { ...process.env, ...options.env },
    });
    return { exitCode: result.exitCode, stdout: result.stdout.toString(), stderr: result.stderr.toString() };
  }

  private must(args: string[], options?: Parameters<GitDatabase["git"]>[1]): string {
    const ran = this.git(args, options);
    if (ran.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${ran.stderr.trim()}`);
    return ran.stdout.trim();
  }

  /** The object's type, or undefined when the repository does not have it. */
  typeOf(sha: string): string | undefined {
    if (!OBJECT_ID.test(sha)) return undefined;
    const ran = this.git(["cat-file", "-t", sha]);
    return ran.exitCode === 0 ? ran.stdout.trim() : undefined;
  }

  /** A blob, written as git writes a loose object (in process: a tree of 200 inline files spawns nothing). */
  writeBlob(bytes: Uint8Array): string {
    const object = Buffer.concat([Buffer.from(`blob ${bytes.byteLength}\0`), bytes]);
    const sha = createHash("sha1").update(object).digest("hex");
    const path = join(this.origin, "objects", sha.slice(0, 2), sha.slice(2));
    if (existsSync(path)) return sha;
    mkdirSync(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, deflateSync(object));
    renameSync(temporary, path);
    return sha;
  }

  /** A tree: `baseTree` (or nothing) with `entries` applied in order, built in a throwaway index. */
  writeTree(baseTree: string | undefined, entries: TreeEntryInput[]): string {
    if (baseTree !== undefined && this.typeOf(baseTree) !== "tree")
      throw unprocessableTree(`base_tree ${baseTree} is not a valid tree oid`);
    for (const entry of entries) checkEntry(entry, baseTree !== undefined);
    const inline = entries.filter((entry) => entry.content !== undefined);
    for (const entry of inline) entry.sha = this.writeBlob(Buffer.from(entry.content!, "utf8"));
    this.checkObjects(entries);
    // The tree's files (path → "mode sha"), the entries applied to them in order, then one index.
    const files = baseTree ? this.flatTree(baseTree, "") : new Map<string, string>();
    for (const entry of entries) {
      for (const path of [...files.keys()])
        if (path === entry.path || path.startsWith(`${entry.path}/`)) files.delete(path);
      if (!entry.sha) continue;
      if (entry.mode === "040000")
        for (const [path, info] of this.flatTree(entry.sha, `${entry.path}/`)) files.set(path, info);
      else files.set(entry.path, `${entry.mode} ${entry.sha}`);
    }
    const dir = mkdtempSync(join(tmpdir(), "emulator-index-"));
    const env = { GIT_INDEX_FILE: join(dir, "index") };
    try {
      const input = [...files].map(([path, info]) => `${info}\t${path}\n`).join("");
      if (input) this.must(["update-index", "--add", "--index-info"], { env, input });
      else this.must(["read-tree", "--empty"], { env });
      return this.must(["write-tree"], { env });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  /** Every file of a tree, as path → "mode sha", paths under `prefix`. */
  private flatTree(tree: string, prefix: string): Map<string, string> {
    const files = new Map<string, string>();
    for (const line of this.must(["ls-tree", "-r", "-z", "--full-tree", tree]).split("\0").filter(Boolean)) {
      const [info = "", path = ""] = line.split("\t");
      const [mode, , sha] = info.split(" ");
      files.set(`${prefix}${path}`, `${mode} ${sha}`);
    }
    return files;
  }

  /** Each entry's object exists with the type its mode says (a gitlink's commit is another repository's). */
  private checkObjects(entries: readonly TreeEntryInput[]): void {
    const named = entries.filter((entry) => entry.sha && TREE_MODES[entry.mode] !== "commit");
    if (named.length === 0) return;
    const types = this.git(["cat-file", "--batch-check=%(objecttype)"], {
      input: `${named.map((entry) => entry.sha).join("\n")}\n`,
    }).stdout.split("\n");
    named.forEach((entry, i) => {
      const kind = TREE_MODES[entry.mode];
      if (types[i] !== kind) throw unprocessableTree(`tree.sha ${entry.sha} is not a valid ${kind}`);
    });
  }

  /** A tree's own entries, as the API lists them (GitHub writes a directory's mode as 040000). */
  listTree(sha: string): { path: string; mode: string; type: string; sha: string; size?: number }[] {
    return this.must(["ls-tree", "-l", "-z", sha])
      .split("\0")
      .filter(Boolean)
      .map((line) => {
        const [info = "", path = ""] = line.split("\t");
        const [mode = "", type = "", object = "", size = "-"] = info.split(/\s+/);
        return {
          path,
          mode: mode === "40000" ? "040000" : mode,
          type,
          sha: object,
          ...(size === "-" ? {} : { size: Number(size) }),
        };
      });
  }

  /** A commit as the API creates it: GitHub's own signature when the request brings no identity or signature. */
  writeCommit(input: CommitInput): string {
    if (this.typeOf(input.tree) !== "tree") throw new ApiError(422, "Tree SHA does not exist");
    for (const parent of input.parents)
      if (this.typeOf(parent) !== "commit")
        throw new ApiError(422, "Parent SHA does not exist or is not a commit object");
    const now = new Date().toISOString();
    const requester = { ...this.requester(), date: now };
    const signs = !input.author && !input.committer && input.signature === undefined;
    const author = input.author ?? input.committer ?? requester;
    const committer = input.committer ?? (signs ? { name: "GitHub", email: "noreply@github.com", date: now } : author);
    if (signs) {
      const args = [...signingOptions(webFlowKey()), "commit-tree", input.tree, "-S"];
      for (const parent of input.parents) args.push("-p", parent);
      return this.must([...args, "-F", "-"], { input: input.message, env: identityEnv(author, committer) });
    }
    const header = [`tree ${input.tree}`, ...input.parents.map((parent) => `parent ${parent}`)];
    header.push(`author ${gitIdentity(author)}`, `committer ${gitIdentity(committer)}`);
    if (input.signature) header.push(`gpgsig ${input.signature.trim().split("\n").join("\n ")}`);
    const raw = `${header.join("\n")}\n\n${input.message}`;
    return this.must(["hash-object", "-t", "commit", "-w", "--stdin"], { input: raw });
  }

  readCommit(sha: string): ParsedCommit | undefined {
    if (this.typeOf(sha) !== "commit") return undefined;
    return parseCommit(sha, this.git(["cat-file", "commit", sha]).stdout);
  }

  /** What GitHub says of the commit's signature: checked against the web-flow key, the only key it knows here. */
  verify(commit: ParsedCommit): Verification {
    if (!commit.signature)
      return { verified: false, reason: "unsigned", signature: null, payload: null, verified_at: null };
    const ran = this.git([...verifyingOptions(webFlowKey()), "verify-commit", commit.sha]);
    const verified = ran.exitCode === 0;
    return {
      verified,
      reason: verified ? "valid" : "unknown_key",
      signature: commit.signature,
      payload: commit.payload,
      verified_at: verified ? commit.committer.date : null,
    };
  }

  /** A commit-ish (a sha, a branch, `heads/<branch>`) as a commit, or undefined. */
  resolveCommit(ref: string): string | undefined {
    const ran = this.git(["rev-parse", "--verify", "-q", "--end-of-options", `${ref}^{commit}`]);
    return ran.exitCode === 0 ? ran.stdout.trim() : undefined;
  }

  /** Where `refs/<ref>` points (ref as `heads/main`), undefined when it does not exist. */
  ref(ref: string): string | undefined {
    const ran = this.git(["rev-parse", "--verify", "-q", `refs/${ref}`]);
    return ran.exitCode === 0 ? ran.stdout.trim() : undefined;
  }

  createRef(fullRef: string, sha: string): void {
    if (!/^refs\/[^/]+\/.+/.test(fullRef) || this.git(["check-ref-format", fullRef]).exitCode !== 0)
      throw new ApiError(422, "Reference name must start with 'refs/' and have at least two slashes.");
    if (!this.typeOf(sha)) throw new ApiError(422, "Object does not exist");
    if (this.ref(fullRef.slice("refs/".length))) throw new ApiError(422, "Reference already exists");
    this.checkRules(ZERO, sha, fullRef);
    this.must(["update-ref", fullRef, sha, ZERO]);
  }

  /**
   * The repository's rules hold for the API as for a push: the origin's own pre-receive hook judges
   * the update (test/support/origin-rules.ts), and its refusal is GitHub's 422 with the same words.
   */
  private checkRules(old: string, sha: string, ref: string): void {
    const runtime = this.git(["config", "--get", "gitclaw.runtime"]).stdout.trim();
    const hook = this.git(["config", "--get", "gitclaw.hook"]).stdout.trim();
    if (!runtime || !hook) return;
    const judged = Bun.spawnSync([runtime, hook], {
      cwd: this.origin,
      stdin: Buffer.from(`${old} ${sha} ${ref}\n`),
      stdout: "pipe",
      stderr: "pipe",
      env: { ...process.env, GIT_DIR: this.origin },
    });
    if (judged.exitCode === 0) return;
    const said = judged.stderr
      .toString()
      .replace(/^error: /gm, "")
      .trim();
    throw new ApiError(422, said.replace(/^GH0\d\d: /, ""));
  }

  /** Moves `refs/<ref>`; without force only forward, as GitHub answers otherwise. */
  updateRef(ref: string, sha: string, force: boolean): void {
    const current = this.ref(ref);
    if (!current) throw new ApiError(422, "Reference does not exist");
    if (!this.typeOf(sha)) throw new ApiError(422, "Object does not exist");
    const forward = this.git(["merge-base", "--is-ancestor", current, sha]).exitCode === 0;
    if (!force && !forward) throw new ApiError(422, "Update is not a fast forward");
    this.checkRules(current, sha, `refs/${ref}`);
    // The old value makes the move atomic: a push that came in between loses nobody's work.
    if (this.git(["update-ref", `refs/${ref}`, sha, current]).exitCode !== 0)
      throw new ApiError(422, "Update is not a fast forward");
  }
}

const unprocessableTree = (message: string) => new ApiError(422, message);

/** An entry GitHub would refuse on its face: an unknown mode, a bad path, a deletion with nothing to delete from. */
function checkEntry(entry: TreeEntryInput, onBase: boolean): void {
  const kind = TREE_MODES[entry.mode];
  if (!kind) throw unprocessableTree(`tree.mode contains a malformed mode: ${entry.mode}`);
  if (!validPath(entry.path)) throw unprocessableTree("tree.path contains a malformed path component");
  if (entry.type !== undefined && entry.type !== kind)
    throw unprocessableTree(`tree.type ${entry.type} does not match mode ${entry.mode}`);
  if (entry.sha === undefined && entry.content === undefined)
    throw unprocessableTree("Must supply a valid tree.sha or tree.content.");
  if (entry.sha === null && !onBase) throw unprocessableTree("Must supply a valid tree.sha or tree.content.");
}

function validPath(path: string): boolean {
  return (
    path !== "" && path.split("/").every((part) => part !== "" && part !== "." && part !== ".." && part !== ".git")
  );
}

function gitIdentity(identity: GitIdentity): string {
  const seconds = Math.floor(new Date(identity.date).getTime() / 1000);
  return `${identity.name} <${identity.email}> ${seconds} +0000`;
}

function identityEnv(author: GitIdentity, committer: GitIdentity): Record<string, string> {
  return {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_AUTHOR_DATE: author.date,
    GIT_COMMITTER_NAME: committer.name,
    GIT_COMMITTER_EMAIL: committer.email,
    GIT_COMMITTER_DATE: committer.date,
  };
}

function parseIdentity(line: string): GitIdentity {
  const match = /^(.*) <(.*)> (\d+) ([+-]\d{4})$/.exec(line);
  if (!match) return { name: line, email: "", date: new Date(0).toISOString() };
  return {
    name: match[1]!,
    email: match[2]!,
    date: new Date(Number(match[3]) * 1000).toISOString().replace(/\.000Z$/, "Z"),
  };
}

/** A commit object's headers, its signature (gpgsig) and the payload the signature covers. */
function parseCommit(sha: string, raw: string): ParsedCommit {
  const split = raw.indexOf("\n\n");
  const head = raw.slice(0, split);
  const message = raw.slice(split + 2);
  const lines = head.split("\n");
  const parents: string[] = [];
  let tree = "";
  let author = parseIdentity("");
  let committer = author;
  const signature: string[] = [];
  const payload: string[] = [];
  let inSignature = false;
  for (const line of lines) {
    if (inSignature && line.startsWith(" ")) {
      signature.push(line.slice(1));
      continue;
    }
    inSignature = line.startsWith("gpgsig ");
    if (inSignature) {
      signature.push(line.slice("gpgsig ".length));
      continue;
    }
    payload.push(line);
    const [key, ...rest] = line.split(" ");
    const value = rest.join(" ");
    if (key === "tree") tree = value;
    else if (key === "parent") parents.push(value);
    else if (key === "author") author = parseIdentity(value);
    else if (key === "committer") committer = parseIdentity(value);
  }
  return {
    sha,
    tree,
    parents,
    author,
    committer,
    message,
    ...(signature.length ? { signature: signature.join("\n") } : {}),
    payload: `${payload.join("\n")}\n\n${message}`,
  };
}
