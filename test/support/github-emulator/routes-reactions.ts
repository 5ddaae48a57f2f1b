// Reactions on issues, on issue comments and on review comments. The reacting user is always the token's identity.
import {
  field,
  idParam,
  notFound,
  paginate,
  validationFailed,
  type RouteContext,
  type RouteResult,
  type RouteTable,
} from "./http.ts";
import { REACTION_CONTENTS, type ReactionContent, type ReactionSubject } from "./state.ts";
import { findReviewComment } from "./routes-pulls.ts";

function issueSubject(context: RouteContext): ReactionSubject {
  const issue = idParam(context, "issue_number");
  if (!context.state.issues.has(issue)) throw notFound();
  return { issue };
}

function commentSubject(context: RouteContext): ReactionSubject {
  const comment = idParam(context, "comment_id");
  if (!context.state.comments.has(comment)) throw notFound();
  return { comment };
}

// Review comments share the emulator's one id sequence with issue comments, so `{ comment }` names either.
function reviewCommentSubject(context: RouteContext): ReactionSubject {
  const comment = idParam(context, "comment_id");
  if (!findReviewComment(context, comment)) throw notFound();
  return { comment };
}

function isContent(value: unknown): value is ReactionContent {
  return REACTION_CONTENTS.includes(value as ReactionContent);
}

function list(context: RouteContext, subject: ReactionSubject): RouteResult {
  const content = context.query.get("content");
  const reactions = context.state.reactionsOn(subject).filter((reaction) => !content || reaction.content === content);
  return paginate(
    reactions.map((reaction) => context.render.reaction(reaction)),
    context.url,
  );
}

// 201 for a new reaction; 200 with the existing one when this user already reacted so.
function create(context: RouteContext, subject: ReactionSubject): RouteResult {
  const content = field(context.body, "content");
  if (!isContent(content)) throw validationFailed({ resource: "Reaction", code: "invalid", field: "content" });
  const { reaction, created } = context.state.react(subject, content, context.state.config.botLogin);
  return { status: created ? 201 : 200, body: context.render.reaction(reaction) };
}

function remove(context: RouteContext, subject: ReactionSubject): RouteResult {
  if (!context.state.removeReaction(subject, idParam(context, "reaction_id"))) throw notFound();
  return { status: 204 };
}

export const reactionRoutes = {
  "GET /repos/{owner}/{repo}/issues/{issue_number}/reactions": (context) => list(context, issueSubject(context)),
  "POST /repos/{owner}/{repo}/issues/{issue_number}/reactions": (context) => create(context, issueSubject(context)),
  "DELETE /repos/{owner}/{repo}/issues/{issue_number}/reactions/{reaction_id}": (context) =>
    remove(context, issueSubject(context)),
  "GET /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions": (context) =>
    list(context, commentSubject(context)),
  "POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions": (context) =>
    create(context, commentSubject(context)),
  "DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions/{reaction_id}": (context) =>
    remove(context, commentSubject(context)),
  "GET /repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions": (context) =>
    list(context, reviewCommentSubject(context)),
  "POST /repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions": (context) =>
    create(context, reviewCommentSubject(context)),
  "DELETE /repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions/{reaction_id}": (context) =>
    remove(context, reviewCommentSubject(context)),
} satisfies RouteTable;
