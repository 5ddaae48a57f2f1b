// The GitHub calls the pipeline makes, each a small function over the Octokit client.
import type { GitHubClient } from "./client.ts";
import type { ReactionState } from "../actions/run-state.ts";
import type { PermissionLevel } from "../trust.ts";
import { permissionFromApi } from "../trust.ts";

export type Repo = {
  owner: string;
  repo: string;
};

export interface IssueComment {
  id: number;
  body: string;
  login: string;
  userType: string;
  authorAssociation: string;
  createdAt: string;
  updatedAt: string;
  htmlUrl: string;
}

export async function getDefaultBranch(github: GitHubClient, repo: Repo): Promise<string> {
  const { data } = await github.rest.repos.get(repo);
  return data.default_branch;
}

export async function getPermission(github: GitHubClient, repo: Repo, login: string): Promise<PermissionLevel> {
  try {
    const { data } = await github.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: login });
    return permissionFromApi(data);
  } catch (error) {
    if ((error as { status?: number }).status === 404) return "none";
    throw error;
  }
}

export async function listComments(github: GitHubClient, repo: Repo, issueNumber: number): Promise<IssueComment[]> {
  const comments = await github.paginate(github.rest.issues.listComments, { ...repo, issue_number: issueNumber, per_page: 100 });
  return comments.map((c) => ({
    id: c.id,
    body: c.body ?? "",
    login: c.user?.login ?? "ghost",
    userType: c.user?.type ?? "User",
    authorAssociation: c.author_association,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    htmlUrl: c.html_url,
  }));
}

export async function createComment(github: GitHubClient, repo: Repo, issueNumber: number, body: string): Promise<{ id: number; htmlUrl: string }> {
  const { data } = await github.rest.issues.createComment({ ...repo, issue_number: issueNumber, body });
  return { id: data.id, htmlUrl: data.html_url };
}

export async function removeReaction(github: GitHubClient, repo: Repo, state: ReactionState): Promise<void> {
  if (state.target === "comment" && state.commentId !== undefined) {
    await github.rest.reactions.deleteForIssueComment({ ...repo, comment_id: state.commentId, reaction_id: state.reactionId });
  } else {
    await github.rest.reactions.deleteForIssue({ ...repo, issue_number: state.issueNumber, reaction_id: state.reactionId });
  }
}
