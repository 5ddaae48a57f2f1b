// Where a run writes its progress and its reply: the comments of the issue or pull request it was
// asked on, or, when an inline review comment asked, replies in that comment's review thread.
import type { GitHubApi } from "./api.ts";
import { createComment, createReviewReply, updateComment, updateReviewComment, type Repo } from "./operations.ts";

export interface ReplyThread {
  /** Replies in a review thread (their ids are review comment ids). */
  readonly inline: boolean;
  /** Posts a new comment; resolves to its id. */
  post(body: string): Promise<number>;
  edit(commentId: number, body: string): Promise<void>;
}

export function issueThread(api: GitHubApi, repo: Repo, issueNumber: number): ReplyThread {
  return {
    inline: false,
    post: async (body) => (await createComment(api, repo, issueNumber, body)).id,
    edit: (commentId, body) => updateComment(api, repo, commentId, body),
  };
}

/** Replies to the review thread of `rootCommentId` (its first comment) on pull request `pull`. */
export function reviewThread(api: GitHubApi, repo: Repo, pull: number, rootCommentId: number): ReplyThread {
  return {
    inline: true,
    post: async (body) => (await createReviewReply(api, repo, pull, rootCommentId, body)).id,
    edit: (commentId, body) => updateReviewComment(api, repo, commentId, body),
  };
}
