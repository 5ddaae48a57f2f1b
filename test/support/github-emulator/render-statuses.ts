// REST representations of commit statuses and of a pull request's commits.
import { nodeId, type Renderer } from "./render.ts";
import type { EmulatorState } from "./state.ts";
import type { GitCommit } from "./state-code.ts";
import { fakeSha } from "./state-code.ts";
import { combinedState, type StatusRecord } from "./state-statuses.ts";

function statusFields(render: Renderer, status: StatusRecord) {
  return {
    url: `${render.repoApiUrl}/statuses/${status.sha}`,
    avatar_url: null,
    id: status.id,
    node_id: nodeId("StatusContext", status.id),
    state: status.state,
    description: status.description,
    target_url: status.targetUrl,
    context: status.context,
    created_at: status.createdAt,
    updated_at: status.createdAt,
  };
}

export function renderStatus(render: Renderer, status: StatusRecord) {
  return { ...statusFields(render, status), creator: render.user(status.creator) };
}

export function renderCombinedStatus(render: Renderer, state: EmulatorState, sha: string) {
  const statuses = state.statuses.latest(sha);
  return {
    state: combinedState(statuses),
    statuses: statuses.map((status) => statusFields(render, status)),
    sha,
    total_count: statuses.length,
    repository: render.repository(),
    commit_url: `${render.repoApiUrl}/commits/${sha}`,
    url: `${render.repoApiUrl}/commits/${sha}/status`,
  };
}

/** The GitHub account an email is linked to: the user's noreply address (`<id>+<login>@…` or `<login>@…`). */
function linkedUser(render: Renderer, state: EmulatorState, email: string) {
  const login = /^(?:\d+\+)?([^@]+)@users\.noreply\.github\.com$/i.exec(email)?.[1];
  return login && state.user(login) ? render.user(login) : null;
}

export function renderPullCommit(render: Renderer, state: EmulatorState, commit: GitCommit) {
  const tree = fakeSha(`tree ${commit.sha}`);
  return {
    url: `${render.repoApiUrl}/commits/${commit.sha}`,
    sha: commit.sha,
    node_id: nodeId("Commit", Number.parseInt(commit.sha.slice(0, 8), 16)),
    html_url: `${render.repoWebUrl}/commit/${commit.sha}`,
    comments_url: `${render.repoApiUrl}/commits/${commit.sha}/comments`,
    commit: {
      url: `${render.repoApiUrl}/git/commits/${commit.sha}`,
      author: commit.author,
      committer: commit.committer,
      message: commit.message,
      comment_count: 0,
      tree: { sha: tree, url: `${render.repoApiUrl}/git/trees/${tree}` },
    },
    author: linkedUser(render, state, commit.author.email),
    committer: linkedUser(render, state, commit.committer.email),
    parents: commit.parents.map((sha) => ({
      sha,
      url: `${render.repoApiUrl}/commits/${sha}`,
      html_url: `${render.repoWebUrl}/commit/${sha}`,
    })),
  };
}
