// Check runs (the checks API, `checks: write`): the automatic review's `gitclaw review` check on the
// head commit it reviewed, created in progress when the review starts and completed with its
// conclusion, a summary and one annotation per finding.
import type { GitHubApi } from "./api.ts";
import { expectStatus, repoPath, type Repo } from "./operations.ts";

export type CheckConclusion = "success" | "neutral" | "failure";

export interface CheckAnnotation {
  path: string;
  startLine: number;
  endLine: number;
  level: "notice" | "warning" | "failure";
  title: string;
  message: string;
}

export interface CheckOutput {
  title: string;
  /** Markdown; GitHub takes at most 65,535 characters. */
  summary: string;
  annotations: CheckAnnotation[];
}

/** GitHub's limits: 65,535 characters of summary, 50 annotations per request. */
const MAX_SUMMARY_CHARS = 65_535;
const ANNOTATIONS_PER_REQUEST = 50;

/** A check run in progress on `headSha`; its id. */
export async function createCheckRun(
  api: GitHubApi,
  repo: Repo,
  check: { name: string; headSha: string; detailsUrl: string; title: string },
): Promise<number> {
  const body = {
    name: check.name,
    head_sha: check.headSha,
    status: "in_progress",
    details_url: check.detailsUrl,
    started_at: new Date().toISOString(),
    output: { title: check.title, summary: check.title },
  };
  const data = expectStatus(await api.send("POST", `${repoPath(repo)}/check-runs`, body), [201], "check-runs") as {
    id: number;
  };
  return data.id;
}

/** Completes the check run; annotations past the first 50 go in further updates, as GitHub requires. */
export async function completeCheckRun(
  api: GitHubApi,
  repo: Repo,
  id: number,
  result: { conclusion: CheckConclusion; output: CheckOutput },
): Promise<void> {
  const path = `${repoPath(repo)}/check-runs/${id}`;
  const { title, annotations } = result.output;
  const summary = cutSummary(result.output.summary);
  const batches = [];
  for (let i = 0; i < annotations.length; i += ANNOTATIONS_PER_REQUEST)
    batches.push(annotations.slice(i, i + ANNOTATIONS_PER_REQUEST));
  for (const batch of batches.slice(1)) {
    const output = { title, summary, annotations: batch.map(asApiAnnotation) };
    expectStatus(await api.send("PATCH", path, { output }), [200], "check-runs");
  }
  const body = {
    status: "completed",
    conclusion: result.conclusion,
    completed_at: new Date().toISOString(),
    output: { title, summary, annotations: (batches[0] ?? []).map(asApiAnnotation) },
  };
  expectStatus(await api.send("PATCH", path, body), [200], "check-runs");
}

function asApiAnnotation(annotation: CheckAnnotation) {
  return {
    path: annotation.path,
    start_line: annotation.startLine,
    end_line: annotation.endLine,
    annotation_level: annotation.level,
    title: annotation.title.slice(0, 255),
    message: annotation.message.slice(0, 64 * 1024),
  };
}

function cutSummary(summary: string): string {
  if (summary.length <= MAX_SUMMARY_CHARS) return summary;
  return `${summary.slice(0, MAX_SUMMARY_CHARS - 40)}\n\n… (cut: see the review)`;
}
