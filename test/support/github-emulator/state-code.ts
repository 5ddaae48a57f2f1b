// The emulator's view of the repository's git data: branch heads, file contents per ref and the
// commits search finds. Tests seed it (the emulator has no git of its own); a test that pairs it
// with a real repository points branch heads at commits it pushed there, or names that repository
// (`origin`): then its branches are the heads, as on GitHub, where a push moves a pull request's head.
import { createHash } from "node:crypto";
import { timestamp } from "./state.ts";

export interface CommitRecord {
  sha: string;
  message: string;
  authorName: string;
  authorEmail: string;
  /** Login of the GitHub user the commit is attributed to, if any. */
  authorLogin?: string;
  date: string;
}

/** A commit as git has it: for the commits of a pull request. */
export interface GitCommit {
  sha: string;
  parents: string[];
  author: { name: string; email: string; date: string };
  committer: { name: string; email: string; date: string };
  message: string;
}

/** A git object id for content that has none yet: deterministic, so tests can predict it. */
export function fakeSha(seed: string): string {
  return createHash("sha1").update(seed).digest("hex");
}

export class CodeState {
  /** Branch name → head commit. */
  readonly branches = new Map<string, string>();
  /** Ref (branch name or commit sha) → path → content. */
  readonly files = new Map<string, Map<string, string>>();
  readonly commits: CommitRecord[] = [];

  constructor(
    readonly defaultBranch: string,
    /** A bare repository whose branches are the repository's, when the test has one. */
    readonly origin?: string,
  ) {}

  setBranch(name: string, sha: string): void {
    this.branches.set(name, sha);
  }

  /** Where a branch points: in `origin` when there is one and it has the branch, else as seeded. */
  branchHead(name: string): string | undefined {
    return this.git(["rev-parse", "--verify", "-q", `refs/heads/${name}^{commit}`]) ?? this.branches.get(name);
  }

  /** Whether the repository has the commit: in `origin` (pull request heads included), or seeded. */
  hasCommit(sha: string): boolean {
    return this.git(["cat-file", "-e", `${sha}^{commit}`]) !== undefined || this.commit(sha) !== undefined;
  }

  /** Commits on `head` that `base` lacks, counted in `origin`; undefined without one. */
  commitsBetween(base: string, head: string): number | undefined {
    const count = this.git(["rev-list", "--count", `${base}..${head}`]);
    return count === undefined ? undefined : Number(count);
  }

  /** The commits on `head` that `base` lacks, oldest first, as `origin` has them (GitHub lists up to 250). */
  commitsOf(base: string, head: string): GitCommit[] {
    const format = ["%H", "%P", "%an", "%ae", "%aI", "%cn", "%ce", "%cI", "%B"].join("%x1f");
    const log = this.git(["log", "--reverse", "-z", `--format=${format}`, `${base}..${head}`]);
    if (!log) return [];
    return log
      .split("\0")
      .filter(Boolean)
      .slice(0, 250)
      .map((entry) => {
        const [
          sha,
          parents,
          authorName,
          authorEmail,
          authorDate,
          committerName,
          committerEmail,
          committerDate,
          message,
        ] = entry.split("\x1f") as string[];
        return {
          sha: sha!,
          parents: parents ? parents.split(" ") : [],
          author: { name: authorName!, email: authorEmail!, date: authorDate! },
          committer: { name: committerName!, email: committerEmail!, date: committerDate! },
          message: message!.trimEnd(),
        };
      });
  }

  /**
   * As GitHub does for every pull request, `refs/pull/<number>/head` in `origin`: for a fork's, fetched
   * from the fork (git sees its commits in the base repository only there). Nothing without an origin,
   * or for a fork that is no repository (a test that never fetches it).
   */
  fetchPullHead(number: number, cloneUrl: string, ref: string, sha: string): void {
    const fetch = ["fetch", "-q", "--no-tags", cloneUrl, `+refs/heads/${ref}:refs/pull/${number}/head`];
    if (this.git(fetch) === undefined) return;
    const fetched = this.git(["rev-parse", "--verify", "-q", `refs/pull/${number}/head^{commit}`]);
    if (fetched !== sha)
      throw new Error(`github-emulator: ${cloneUrl} has ${ref} at ${fetched ?? "nothing"}, not the head ${sha}`);
  }

  /** A committed file's bytes in `origin` (the web's blob?raw=true), undefined when absent. */
  blob(sha: string, path: string): Uint8Array | undefined {
    if (!this.origin) return undefined;
    const result = Bun.spawnSync(["git", "--git-dir", this.origin, "cat-file", "blob", `${sha}:${path}`], {
      stdout: "pipe",
      stderr: "ignore",
    });
    return result.exitCode === 0 ? new Uint8Array(result.stdout) : undefined;
  }

  private git(args: string[]): string | undefined {
    if (!this.origin) return undefined;
    const result = Bun.spawnSync(["git", "--git-dir", this.origin, ...args], { stdout: "pipe", stderr: "ignore" });
    return result.exitCode === 0 ? result.stdout.toString().trim() : undefined;
  }

  setFile(path: string, content: string, ref = this.defaultBranch): void {
    let files = this.files.get(ref);
    if (!files) {
      files = new Map();
      this.files.set(ref, files);
    }
    files.set(path.replace(/^\/+/, ""), content);
  }

  /** The content of `path` at `ref` (default branch when omitted), undefined when absent. */
  file(path: string, ref?: string): string | undefined {
    return this.files.get(ref ?? this.defaultBranch)?.get(path.replace(/^\/+|\/+$/g, ""));
  }

  addCommit(
    input: Omit<CommitRecord, "sha" | "date" | "authorName" | "authorEmail"> & Partial<CommitRecord>,
  ): CommitRecord {
    const date = input.date ?? timestamp();
    const commit: CommitRecord = {
      sha: input.sha ?? fakeSha(`${input.message}\n${date}\n${this.commits.length}`),
      message: input.message,
      authorName: input.authorName ?? input.authorLogin ?? "Test",
      authorEmail: input.authorEmail ?? "test@example.com",
      authorLogin: input.authorLogin,
      date,
    };
    this.commits.push(commit);
    return commit;
  }

  commit(sha: string): CommitRecord | undefined {
    return this.commits.find((commit) => commit.sha === sha);
  }
}
