// Moving the checkout onto the branch a run works on, when that is not the one the workflow checked
// out: a pull request's head at the commit its event saw, or gitclaw's own branch for an issue. The
// checkout is shallow, so only what the run needs comes down: the commit (by its id, which GitHub
// serves for any commit reachable from a ref) and `depth` commits of history behind it.
import type { Git } from "./git.ts";

/** The commit `branch` points at on the remote now, or undefined when there is no such branch. */
export async function remoteTip(git: Git, remote: string, branch: string): Promise<string | undefined> {
  const listed = await git.must(["ls-remote", "--heads", remote, `refs/heads/${branch}`], { remote: true });
  return listed.split("\t")[0] || undefined;
}

/** Fetches `sha` with `depth` commits of history and checks it out as local branch `branch`, replacing the working tree. */
export async function checkoutCommit(
  git: Git,
  remote: string,
  target: { branch: string; sha: string; depth: number },
): Promise<void> {
  await fetchCommit(git, remote, target.sha, target.depth);
  await git.must(["checkout", "-q", "--no-recurse-submodules", "-B", target.branch, target.sha]);
}

/** Makes `sha` available locally, with `depth` commits behind it in a shallow checkout (a full one fetches all). */
export async function fetchCommit(git: Git, remote: string, sha: string, depth: number): Promise<void> {
  const shallow = (await git.must(["rev-parse", "--is-shallow-repository"])) === "true";
  const limit = shallow ? [`--depth=${Math.max(1, depth)}`] : [];
  await git.must(["fetch", "-q", "--no-tags", ...limit, remote, sha], { remote: true });
}

/** The head's commits as objects (from the commit, else refs/pull/<n>/head, as GitHub keeps every pull request's). */
export async function fetchPullHead(
  git: Git,
  remote: string,
  pull: { number: number; startSha: string; commits: number },
): Promise<string> {
  const depth = pull.commits + 1;
  const byId = await fetchCommit(git, remote, pull.startSha, depth).then(
    () => true,
    () => false,
  );
  if (byId) return pull.startSha;
  await git.must(["fetch", "-q", "--no-tags", `--depth=${depth}`, remote, `refs/pull/${pull.number}/head`], {
    remote: true,
  });
  return git.must(["rev-parse", "FETCH_HEAD^{commit}"]);
}
