// REST representations of git data: branches, commits, file contents, and search result items.
import type { components } from "@octokit/openapi-types";
import { nodeId, type Renderer } from "./render.ts";
import type { EmulatorState, IssueRecord } from "./state.ts";
import { fakeSha, type CommitRecord } from "./state-code.ts";

type Schemas = components["schemas"];

function encodePath(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

function gitUser(commit: CommitRecord) {
  return { name: commit.authorName, email: commit.authorEmail, date: commit.date };
}

function commitUrls(render: Renderer, sha: string) {
  return {
    url: `${render.repoApiUrl}/commits/${sha}`,
    html_url: `${render.repoWebUrl}/commit/${sha}`,
    comments_url: `${render.repoApiUrl}/commits/${sha}/comments`,
  };
}

/** A commit the test did not describe (only its sha is known) gets a neutral placeholder. */
function commitRecord(state: EmulatorState, sha: string): CommitRecord {
  return (
    state.code.commit(sha) ?? {
      sha,
      message: "commit",
      authorName: "Test",
      authorEmail: "test@example.com",
      date: state.createdAt,
    }
  );
}

export function renderBranch(
  render: Renderer,
  state: EmulatorState,
  name: string,
  sha: string,
): Schemas["branch-with-protection"] {
  const commit = commitRecord(state, sha);
  const branchUrl = `${render.repoApiUrl}/branches/${encodeURIComponent(name)}`;
  const author = commit.authorLogin && state.user(commit.authorLogin) ? render.user(commit.authorLogin) : null;
  return {
    name,
    commit: {
      ...commitUrls(render, sha),
      sha,
      node_id: nodeId("Commit", Number.parseInt(sha.slice(0, 8), 16)),
      commit: {
        url: `${render.repoApiUrl}/git/commits/${sha}`,
        author: gitUser(commit),
        committer: gitUser(commit),
        message: commit.message,
        comment_count: 0,
        tree: { sha: fakeSha(`tree ${sha}`), url: `${render.repoApiUrl}/git/trees/${fakeSha(`tree ${sha}`)}` },
      },
      author,
      committer: author,
      parents: [],
    },
    _links: { self: branchUrl, html: `${render.repoWebUrl}/tree/${encodeURIComponent(name)}` },
    protected: false,
    protection: { enabled: false },
    protection_url: `${branchUrl}/protection`,
  };
}

function contentLinks(render: Renderer, path: string, ref: string, type: "file" | "dir") {
  const url = `${render.repoApiUrl}/contents/${encodePath(path)}?ref=${encodeURIComponent(ref)}`;
  const sha = fakeSha(`${type} ${ref}:${path}`);
  const gitUrl = `${render.repoApiUrl}/git/${type === "file" ? "blobs" : "trees"}/${sha}`;
  const htmlUrl = `${render.repoWebUrl}/${type === "file" ? "blob" : "tree"}/${encodeURIComponent(ref)}/${encodePath(path)}`;
  return { sha, url, git_url: gitUrl, html_url: htmlUrl, _links: { self: url, git: gitUrl, html: htmlUrl } };
}

export function renderContentFile(
  render: Renderer,
  path: string,
  ref: string,
  content: string,
): Schemas["content-file"] {
  const bytes = Buffer.from(content);
  return {
    type: "file",
    encoding: "base64",
    size: bytes.length,
    name: path.split("/").at(-1) ?? path,
    path,
    // GitHub wraps base64 at 60 characters.
    content: (bytes.toString("base64").match(/.{1,60}/g) ?? []).join("\n"),
    download_url: `${render.webUrl}/raw/${encodeURIComponent(ref)}/${encodePath(path)}`,
    ...contentLinks(render, path, ref, "file"),
  };
}

/** Directory listing entries (without content, as GitHub lists them). */
export function renderContentEntry(
  render: Renderer,
  path: string,
  ref: string,
  type: "file" | "dir",
  size: number,
): Schemas["content-directory"][number] {
  return {
    type,
    size,
    name: path.split("/").at(-1) ?? path,
    path,
    download_url: type === "file" ? `${render.webUrl}/raw/${encodeURIComponent(ref)}/${encodePath(path)}` : null,
    ...contentLinks(render, path, ref, type),
  };
}

export function renderIssueSearchItem(render: Renderer, issue: IssueRecord) {
  // issue-search-result-item documents body as a string: an empty body is left out rather than null.
  const { reactions: _, closed_by: __, body, ...rest } = render.issue(issue);
  return { ...rest, ...(body === null || body === undefined ? {} : { body }), score: 1 };
}

export function renderCodeSearchItem(render: Renderer, path: string, ref: string, fragment: string | undefined) {
  const links = contentLinks(render, path, ref, "file");
  return {
    name: path.split("/").at(-1) ?? path,
    path,
    sha: links.sha,
    url: links.url,
    git_url: links.git_url,
    html_url: links.html_url,
    repository: render.repository(),
    score: 1,
    ...(fragment === undefined
      ? {}
      : {
          text_matches: [
            { object_url: links.url, object_type: "FileContent", property: "content", fragment, matches: [] },
          ],
        }),
  };
}

export function renderCommitSearchItem(render: Renderer, state: EmulatorState, commit: CommitRecord) {
  return {
    ...commitUrls(render, commit.sha),
    sha: commit.sha,
    node_id: nodeId("Commit", Number.parseInt(commit.sha.slice(0, 8), 16)),
    commit: {
      url: `${render.repoApiUrl}/git/commits/${commit.sha}`,
      author: gitUser(commit),
      committer: gitUser(commit),
      comment_count: 0,
      message: commit.message,
      tree: {
        sha: fakeSha(`tree ${commit.sha}`),
        url: `${render.repoApiUrl}/git/trees/${fakeSha(`tree ${commit.sha}`)}`,
      },
    },
    author: commit.authorLogin && state.user(commit.authorLogin) ? render.user(commit.authorLogin) : null,
    committer: gitUser(commit),
    parents: [],
    repository: render.repository(),
    score: 1,
  };
}

export function renderRateLimit(now: number): Schemas["rate-limit-overview"] {
  const reset = Math.floor(now / 1000) + 3600;
  const core = { limit: 5000, remaining: 4999, reset, used: 1 };
  return { resources: { core, search: { limit: 30, remaining: 30, reset, used: 0 } }, rate: core };
}
