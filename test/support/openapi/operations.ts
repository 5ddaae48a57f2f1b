// The GitHub REST operations the emulator serves, as "METHOD /path/template" exactly as the OpenAPI
// description spells them. scripts/openapi-trim.ts keeps only these in github-rest.json, and the
// emulator's route table is keyed by them, so a new endpoint is one line here plus a rerun of
// `bun scripts/openapi-trim.ts`.
export const OPERATIONS = [
  "GET /repos/{owner}/{repo}",
  "GET /repos/{owner}/{repo}/collaborators/{username}/permission",
  "GET /users/{username}",
  "POST /repos/{owner}/{repo}/issues",
  "GET /repos/{owner}/{repo}/issues/{issue_number}",
  "GET /repos/{owner}/{repo}/issues/{issue_number}/comments",
  "POST /repos/{owner}/{repo}/issues/{issue_number}/comments",
  "GET /repos/{owner}/{repo}/issues/comments/{comment_id}",
  "PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}",
  "GET /repos/{owner}/{repo}/issues/{issue_number}/events",
  "GET /repos/{owner}/{repo}/issues/{issue_number}/reactions",
  "POST /repos/{owner}/{repo}/issues/{issue_number}/reactions",
  "DELETE /repos/{owner}/{repo}/issues/{issue_number}/reactions/{reaction_id}",
  "GET /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions",
  "POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions",
  "DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions/{reaction_id}",
  // The github tool (src/tools/github/) and the doctor.
  "GET /rate_limit",
  "GET /repos/{owner}/{repo}/branches/{branch}",
  "GET /repos/{owner}/{repo}/contents/{path}",
  "POST /repos/{owner}/{repo}/issues/{issue_number}/labels",
  "POST /repos/{owner}/{repo}/issues/{issue_number}/assignees",
  "GET /repos/{owner}/{repo}/pulls",
  "POST /repos/{owner}/{repo}/pulls",
  "GET /repos/{owner}/{repo}/pulls/{pull_number}",
  "GET /repos/{owner}/{repo}/pulls/{pull_number}/files",
  "GET /repos/{owner}/{repo}/pulls/{pull_number}/comments",
  "POST /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers",
  // Conversations on pull requests (src/run/): replies in review threads, a review's comments,
  // 👀 on an inline comment, the check runs of a suite.
  "POST /repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies",
  "GET /repos/{owner}/{repo}/pulls/comments/{comment_id}",
  "PATCH /repos/{owner}/{repo}/pulls/comments/{comment_id}",
  "GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}/comments",
  "GET /repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions",
  "POST /repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions",
  "DELETE /repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions/{reaction_id}",
  "GET /repos/{owner}/{repo}/check-suites/{check_suite_id}/check-runs",
  // Automatic review (src/review/): its check run on the head commit, with annotations.
  "POST /repos/{owner}/{repo}/check-runs",
  "PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}",
  "GET /repos/{owner}/{repo}/commits/{ref}/check-runs",
  "GET /repos/{owner}/{repo}/check-runs/{check_run_id}/annotations",
  "POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews",
  "GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews",
  "GET /search/issues",
  "GET /search/code",
  "GET /search/commits",
  "GET /search/repositories",
  "GET /repos/{owner}/{repo}/actions/runs",
  "GET /repos/{owner}/{repo}/actions/runs/{run_id}",
  "GET /repos/{owner}/{repo}/actions/runs/{run_id}/jobs",
  "GET /repos/{owner}/{repo}/actions/jobs/{job_id}/logs",
  // Sub-agents on Actions runners (src/tasks/actions.ts): dispatch, cancel, artifacts.
  "POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches",
  "POST /repos/{owner}/{repo}/actions/runs/{run_id}/cancel",
  "GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts",
  "GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format}",
  // The approval status (src/approval/): a pull request's commits, its head's commit statuses.
  "GET /repos/{owner}/{repo}/pulls/{pull_number}/commits",
  "POST /repos/{owner}/{repo}/statuses/{sha}",
  "GET /repos/{owner}/{repo}/commits/{ref}/status",
  "GET /repos/{owner}/{repo}/commits/{ref}/statuses",
  // The doctor: the repository's Actions settings.
  "GET /repos/{owner}/{repo}/actions/permissions",
  "GET /repos/{owner}/{repo}/actions/permissions/workflow",
  // The rules of a branch (src/github/rules.ts): rulesets, and classic protection where readable.
  "GET /repos/{owner}/{repo}/rules/branches/{branch}",
  "GET /repos/{owner}/{repo}/branches/{branch}/protection",
  // A conversation no branch took, saved as an artifact (src/run/home.ts): the next run finds it by name.
  "GET /repos/{owner}/{repo}/actions/artifacts",
  // A GitHub App's installation token, minted by the agent stage and revoked at the end (src/github/app-token.ts).
  "GET /repos/{owner}/{repo}/installation",
  "POST /app/installations/{installation_id}/access_tokens",
  "DELETE /installation/token",
  // Signed landings (commits.sign, src/github/git-database.ts): the Git Database API, and a commit's
  // verification. Last: `{ref}` spans path segments, so the routes ending in `{ref}` match after the rest.
  "POST /repos/{owner}/{repo}/git/blobs",
  "POST /repos/{owner}/{repo}/git/trees",
  "POST /repos/{owner}/{repo}/git/commits",
  "GET /repos/{owner}/{repo}/git/commits/{commit_sha}",
  "POST /repos/{owner}/{repo}/git/refs",
  "GET /repos/{owner}/{repo}/git/ref/{ref}",
  "PATCH /repos/{owner}/{repo}/git/refs/{ref}",
  "GET /repos/{owner}/{repo}/commits/{ref}",
] as const;

export type Operation = (typeof OPERATIONS)[number];

// Schemas kept even when no operation references them: validate.ts checks error statuses an
// operation does not document against GitHub's generic error shape.
export const EXTRA_SCHEMAS = ["basic-error"] as const;
