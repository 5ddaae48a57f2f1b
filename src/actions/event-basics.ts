// The few event fields the guard and the indicator need, narrowed by hand because they run before
// `bun install` (no zod there). The agent validates the whole payload with zod in src/event.ts.
import { readFileSync } from "node:fs";

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

export interface EventBasics {
  eventName: string;
  action: string;
  issueNumber: number;
  isPullRequest: boolean;
  sender: { login: string; type: string };
  title: string;
  body: string;
  labels: string[];
  assignees: string[];
  /** The label just added (issues.labeled) or the user just assigned (issues.assigned). */
  label?: string;
  assignee?: string;
  comment?: { id: number; body: string; userLogin: string };
}

const names = (list: unknown, key: "name" | "login"): string[] =>
  Array.isArray(list) ? list.flatMap((item) => (isObject(item) && typeof item[key] === "string" ? [item[key] as string] : [])) : [];


export function readEventBasics(eventName: string, eventPath: string): EventBasics {
  let payload: unknown;
  try {
    payload = JSON.parse(readFileSync(eventPath, "utf8"));
  } catch (error) {
    throw new Error(`cannot read the event payload at ${eventPath}: ${(error as Error).message}`);
  }
  if (!isObject(payload)) throw new Error(`the event payload at ${eventPath} is not a JSON object`);
  const { action, issue, sender, comment, label, assignee } = payload;
  if (typeof action !== "string") throw new Error(`the ${eventName} payload has no "action"`);
  if (!isObject(issue) || typeof issue.number !== "number") throw new Error(`the ${eventName} payload has no issue.number`);
  if (!isObject(sender) || typeof sender.login !== "string") throw new Error(`the ${eventName} payload has no sender.login`);
  const basics: EventBasics = {
    eventName,
    action,
    issueNumber: issue.number,
    isPullRequest: isObject(issue.pull_request),
    sender: { login: sender.login, type: typeof sender.type === "string" ? sender.type : "User" },
    title: typeof issue.title === "string" ? issue.title : "",
    body: typeof issue.body === "string" ? issue.body : "",
    labels: names(issue.labels, "name"),
    assignees: names(issue.assignees, "login"),
    ...(isObject(label) && typeof label.name === "string" ? { label: label.name } : {}),
    ...(isObject(assignee) && typeof assignee.login === "string" ? { assignee: assignee.login } : {}),
  };
  if (eventName === "issue_comment") {
    if (!isObject(comment) || typeof comment.id !== "number") throw new Error("the issue_comment payload has no comment.id");
    const user = isObject(comment.user) && typeof comment.user.login === "string" ? comment.user.login : "";
    basics.comment = { id: comment.id, body: typeof comment.body === "string" ? comment.body : "", userLogin: user };
  }
  return basics;
}
