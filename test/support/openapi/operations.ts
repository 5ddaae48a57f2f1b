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
] as const;

export type Operation = (typeof OPERATIONS)[number];

// Schemas kept even when no operation references them: validate.ts checks error statuses an
// operation does not document against GitHub's generic error shape.
export const EXTRA_SCHEMAS = ["basic-error"] as const;
