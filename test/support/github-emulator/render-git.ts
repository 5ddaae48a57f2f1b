// REST representations of the Git Database API's objects: a tree, a git commit (with verification),
// a ref, and the repository commit that wraps a git commit.
import type { components } from "@octokit/openapi-types";
import { nodeId, type Renderer } from "./render.ts";
import type { EmulatorState } from "./state.ts";
import type { GitDatabase, ParsedCommit } from "./state-git.ts";

type Schemas = components["schemas"];

const commitNode = (sha: string) => nodeId("Commit", Number.parseInt(sha.slice(0, 8), 16));

export function renderGitTree(render: Renderer, git: GitDatabase, sha: string): Schemas["git-tree"] {
  return {
    sha,
    url: `${render.repoApiUrl}/git/trees/${sha}`,
    truncated: false,
    tree: git.listTree(sha).map((entry) => ({
      ...entry,
      url: `${render.repoApiUrl}/git/${entry.type === "tree" ? "trees" : "blobs"}/${entry.sha}`,
    })),
  };
}

export function renderGitCommit(render: Renderer, git: GitDatabase, commit: ParsedCommit): Schemas["git-commit"] {
  const { sha } = commit;
  return {
    sha,
    node_id: commitNode(sha),
    url: `${render.repoApiUrl}/git/commits/${sha}`,
    html_url: `${render.repoWebUrl}/commit/${sha}`,
    author: commit.author,
    committer: commit.committer,
    message: commit.message,
    tree: { sha: commit.tree, url: `${render.repoApiUrl}/git/trees/${commit.tree}` },
    parents: commit.parents.map((parent) => ({
      sha: parent,
      url: `${render.repoApiUrl}/git/commits/${parent}`,
      html_url: `${render.repoWebUrl}/commit/${parent}`,
    })),
    verification: git.verify(commit),
  };
}

export function renderGitRef(render: Renderer, ref: string, sha: string, type: string): Schemas["git-ref"] {
  return {
    ref,
    node_id: nodeId("Ref", Number.parseInt(sha.slice(0, 8), 16)),
    url: `${render.repoApiUrl}/git/${ref}`,
    object: { type, sha, url: `${render.repoApiUrl}/git/${type}s/${sha}` },
  };
}

/** The user GitHub links a git identity to: here, a known user whose noreply address it is. */
function linkedUser(render: Renderer, state: EmulatorState, email: string) {
  const login = /^\d+\+(.+)@users\.noreply\.github\.com$/.exec(email)?.[1];
  return login && state.user(login) ? render.user(login) : null;
}

export function renderCommit(
  render: Renderer,
  state: EmulatorState,
  git: GitDatabase,
  commit: ParsedCommit,
): Schemas["commit"] {
  const { sha } = commit;
  return {
    url: `${render.repoApiUrl}/commits/${sha}`,
    sha,
    node_id: commitNode(sha),
    html_url: `${render.repoWebUrl}/commit/${sha}`,
    comments_url: `${render.repoApiUrl}/commits/${sha}/comments`,
    commit: {
      url: `${render.repoApiUrl}/git/commits/${sha}`,
      author: commit.author,
      committer: commit.committer,
      message: commit.message,
      comment_count: 0,
      tree: { sha: commit.tree, url: `${render.repoApiUrl}/git/trees/${commit.tree}` },
      verification: git.verify(commit),
    },
    author: linkedUser(render, state, commit.author.email),
    committer: linkedUser(render, state, commit.committer.email),
    parents: commit.parents.map((parent) => ({
      sha: parent,
      url: `${render.repoApiUrl}/commits/${parent}`,
      html_url: `${render.repoWebUrl}/commit/${parent}`,
    })),
  };
}
