// The emulator's in-memory repository: plain records, no REST shapes (render.ts builds those on
// demand, so derived fields such as comment counts and reaction rollups are always consistent).
import { ChecksState } from "./state-checks.ts";
import { StatusesState } from "./state-statuses.ts";
import type { components } from "@octokit/openapi-types";
import { ActionsState } from "./state-actions.ts";
import { AppsState } from "./apps.ts";
import { CodeState } from "./state-code.ts";
import { GitDatabase } from "./state-git.ts";
import type { PullRecord } from "./state-pulls.ts";

export type Permission = "admin" | "maintain" | "write" | "triage" | "read" | "none";
export type Association = components["schemas"]["author-association"];
export type ReactionContent = components["schemas"]["reaction"]["content"];
export type ReactionSubject = { issue: number } | { comment: number };

export const REACTION_CONTENTS: readonly ReactionContent[] = [
  "+1",
  "-1",
  "laugh",
  "confused",
  "heart",
  "hooray",
  "rocket",
  "eyes",
];

export interface UserRecord {
  login: string;
  id: number;
  type: "User" | "Bot";
  permission: Permission;
  association?: Association;
  createdAt: string;
}

export interface LabelRecord {
  id: number;
  name: string;
  color: string;
}

export interface IssueRecord {
  id: number;
  number: number;
  title: string;
  body: string | null;
  author: string;
  labels: string[];
  assignees: string[];
  createdAt: string;
  updatedAt: string;
  /** Set when the issue is a pull request. */
  pull?: PullRecord;
}

export interface CommentRecord {
  id: number;
  issueNumber: number;
  body: string;
  author: string;
  createdAt: string;
  updatedAt: string;
  /** Set when the comment is minimized (hidden on github.com): GitHub's reason, e.g. "outdated". Only GraphQL shows it. */
  minimizedReason?: string;
}

export interface ReactionRecord {
  id: number;
  subject: ReactionSubject;
  content: ReactionContent;
  author: string;
  createdAt: string;
}

type EventBase = { id: number; issueNumber: number; actor: string; createdAt: string };
export type LabeledEventRecord = EventBase & { event: "labeled"; label: string };
export type AssignedEventRecord = EventBase & { event: "assigned"; assignee: string };
export type EventRecord = LabeledEventRecord | AssignedEventRecord;

export interface RepoConfig {
  owner: string;
  repo: string;
  defaultBranch: string;
  botLogin: string;
  /** A bare repository standing in for the repository's git data (see CodeState). */
  origin?: string;
}

// GitHub timestamps have whole seconds: "2024-05-01T12:00:00Z".
export function timestamp(date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

// The color GitHub gives a label created without one.
const DEFAULT_LABEL_COLOR = "ededed";

export class EmulatorState {
  readonly users = new Map<string, UserRecord>();
  readonly labels = new Map<string, LabelRecord>();
  readonly issues = new Map<number, IssueRecord>();
  readonly comments = new Map<number, CommentRecord>();
  readonly reactions: ReactionRecord[] = [];
  readonly events: EventRecord[] = [];
  readonly repoId: number;
  readonly createdAt = timestamp();
  readonly code: CodeState;
  /** The Git Database API's objects and refs, in the origin; none without one. */
  readonly git?: GitDatabase;
  readonly actions: ActionsState;
  readonly checks = new ChecksState();
  readonly statuses = new StatusesState();
  readonly apps: AppsState;
  // One counter for every kind of id, so an issue id can never equal a comment or reaction id and
  // code that mixes them up gets a 404 instead of silently hitting another object. They start past
  // 2^31 as GitHub's do today: no 32-bit Int (GraphQL's `databaseId`) can hold them.
  private lastId = 2 ** 32;

  constructor(readonly config: RepoConfig) {
    this.repoId = this.nextId();
    this.code = new CodeState(config.defaultBranch, config.origin);
    if (config.origin) this.git = new GitDatabase(config.origin, () => this.requesterIdentity());
    this.actions = new ActionsState(
      () => this.nextId(),
      () => timestamp(),
      config.defaultBranch,
    );
    this.apps = new AppsState(
      () => this.nextId(),
      () => timestamp(),
    );
    this.upsertUser({ login: config.owner, permission: "admin" });
    this.upsertUser({ login: config.botLogin, type: "Bot" });
  }

  /** The git identity GitHub gives what the token's user makes: its noreply address. */
  private requesterIdentity(): { name: string; email: string } {
    const bot = this.user(this.config.botLogin)!;
    return { name: bot.login, email: `${bot.id}+${bot.login}@users.noreply.github.com` };
  }

  nextId(): number {
    return ++this.lastId;
  }

  // Logins are case-insensitive on GitHub.
  user(login: string): UserRecord | undefined {
    return this.users.get(login.toLowerCase());
  }

  requireUser(login: string): UserRecord {
    const user = this.user(login);
    if (!user) throw new Error(`github-emulator: unknown user "${login}"; call addUser first`);
    return user;
  }

  upsertUser(input: {
    login: string;
    type?: "User" | "Bot";
    permission?: Permission;
    association?: Association;
  }): UserRecord {
    const existing = this.user(input.login);
    const user: UserRecord = {
      login: input.login,
      id: existing?.id ?? this.nextId(),
      type: input.type ?? existing?.type ?? "User",
      permission: input.permission ?? existing?.permission ?? "none",
      association: input.association ?? existing?.association,
      createdAt: existing?.createdAt ?? timestamp(),
    };
    this.users.set(input.login.toLowerCase(), user);
    return user;
  }

  // What GitHub reports for a user on this repository, unless the test pinned it (e.g. MEMBER).
  association(login: string): Association {
    const user = this.user(login);
    if (user?.association) return user.association;
    if (login.toLowerCase() === this.config.owner.toLowerCase()) return "OWNER";
    return user && user.permission !== "none" ? "COLLABORATOR" : "NONE";
  }

  label(name: string): LabelRecord {
    const key = name.toLowerCase();
    let label = this.labels.get(key);
    if (!label) {
      label = { id: this.nextId(), name, color: DEFAULT_LABEL_COLOR };
      this.labels.set(key, label);
    }
    return label;
  }

  createIssue(input: {
    title: string;
    body: string | null;
    author: string;
    labels?: string[];
    assignees?: string[];
    createdAt?: string;
    pull?: PullRecord;
  }): IssueRecord {
    const createdAt = input.createdAt ?? timestamp();
    const issue: IssueRecord = {
      id: this.nextId(),
      number: this.issues.size + 1,
      title: input.title,
      body: input.body,
      author: input.author,
      labels: [],
      assignees: [],
      createdAt,
      updatedAt: createdAt,
      ...(input.pull ? { pull: input.pull } : {}),
    };
    this.issues.set(issue.number, issue);
    for (const label of input.labels ?? []) this.labelIssue(issue, label, input.author, createdAt);
    for (const assignee of input.assignees ?? []) this.assignIssue(issue, assignee, input.author, createdAt);
    return issue;
  }

  labelIssue(issue: IssueRecord, name: string, actor: string, at = timestamp()): LabeledEventRecord {
    const label = this.label(name);
    if (!issue.labels.includes(label.name)) issue.labels.push(label.name);
    issue.updatedAt = at;
    const event: LabeledEventRecord = {
      id: this.nextId(),
      issueNumber: issue.number,
      actor,
      createdAt: at,
      event: "labeled",
      label: label.name,
    };
    this.events.push(event);
    return event;
  }

  assignIssue(issue: IssueRecord, assignee: string, actor: string, at = timestamp()): AssignedEventRecord {
    const login = this.requireUser(assignee).login;
    if (!issue.assignees.includes(login)) issue.assignees.push(login);
    issue.updatedAt = at;
    const event: AssignedEventRecord = {
      id: this.nextId(),
      issueNumber: issue.number,
      actor,
      createdAt: at,
      event: "assigned",
      assignee: login,
    };
    this.events.push(event);
    return event;
  }

  addComment(
    issue: IssueRecord,
    input: { body: string; author: string; createdAt?: string; minimizedReason?: string },
  ): CommentRecord {
    const createdAt = input.createdAt ?? timestamp();
    const comment: CommentRecord = {
      id: this.nextId(),
      issueNumber: issue.number,
      body: input.body,
      author: input.author,
      createdAt,
      updatedAt: createdAt,
      minimizedReason: input.minimizedReason,
    };
    this.comments.set(comment.id, comment);
    issue.updatedAt = createdAt;
    return comment;
  }

  editComment(comment: CommentRecord, body: string): CommentRecord {
    comment.body = body;
    comment.updatedAt = timestamp();
    return comment;
  }

  reactionsOn(subject: ReactionSubject): ReactionRecord[] {
    return this.reactions.filter((reaction) => sameSubject(reaction.subject, subject));
  }

  // GitHub keeps one reaction per user, subject and content: reacting again returns the first one.
  react(
    subject: ReactionSubject,
    content: ReactionContent,
    author: string,
  ): { reaction: ReactionRecord; created: boolean } {
    const existing = this.reactionsOn(subject).find(
      (reaction) => reaction.content === content && reaction.author === author,
    );
    if (existing) return { reaction: existing, created: false };
    const reaction: ReactionRecord = { id: this.nextId(), subject, content, author, createdAt: timestamp() };
    this.reactions.push(reaction);
    return { reaction, created: true };
  }

  removeReaction(subject: ReactionSubject, id: number): boolean {
    const index = this.reactions.findIndex((reaction) => reaction.id === id && sameSubject(reaction.subject, subject));
    if (index < 0) return false;
    this.reactions.splice(index, 1);
    return true;
  }
}

function sameSubject(a: ReactionSubject, b: ReactionSubject): boolean {
  return "issue" in a ? "issue" in b && a.issue === b.issue : "comment" in b && a.comment === b.comment;
}
