// REST representations of the emulator's records, field for field as api.github.com returns them.
// Typed with @octokit/openapi-types so a missing required field fails `tsc`; the OpenAPI check in
// the emulator catches the rest (formats, nullability) at test time.
import type { components } from "@octokit/openapi-types";
import type {
  AssignedEventRecord,
  CommentRecord,
  EmulatorState,
  EventRecord,
  IssueRecord,
  LabeledEventRecord,
  Permission,
  ReactionContent,
  ReactionRecord,
  ReactionSubject,
} from "./state.ts";
import type { ForkRecord } from "./state-pulls.ts";

type Schemas = components["schemas"];
// openapi-types widens ids to `number | bigint`; the emulator only hands out numbers.
type WithNumberId<T> = Omit<T, "id"> & { id: number };

export type RestUser = WithNumberId<Schemas["simple-user"]>;
export type RestPublicUser = WithNumberId<Schemas["public-user"]>;
// The `repository` schema (pull request heads and bases) requires has_downloads; full-repository does not.
export type RestRepository = WithNumberId<Schemas["full-repository"]> & { has_downloads: boolean };
export type RestPermission = Schemas["repository-collaborator-permission"];
export type RestLabel = {
  id: number;
  node_id: string;
  url: string;
  name: string;
  description: string | null;
  color: string;
  default: boolean;
};
// The emulator always returns labels as objects; GitHub's schema also allows plain names.
export type RestIssue = Omit<Schemas["issue"], "id" | "labels"> & { id: number; labels: RestLabel[] };
export type RestIssueComment = WithNumberId<Schemas["issue-comment"]>;
export type RestReaction = Schemas["reaction"];
export type RestLabeledEvent = Schemas["labeled-issue-event"];
export type RestAssignedEvent = Schemas["assigned-issue-event"];
export type RestIssueEvent = RestLabeledEvent | RestAssignedEvent;

// The legacy global node id GitHub still returns: base64 of "<len(type)>:<type><id>", e.g.
// "MDU6SXNzdWUx" for Issue 1.
export function nodeId(type: string, id: number): string {
  return btoa(`${String(type.length).padStart(2, "0")}:${type}${id}`);
}

// What the permission API reports: maintain and triage only show up in role_name.
const LEGACY_PERMISSION: Record<Permission, "admin" | "write" | "read" | "none"> = {
  admin: "admin",
  maintain: "write",
  write: "write",
  triage: "read",
  read: "read",
  none: "none",
};
const RANK: Permission[] = ["none", "read", "triage", "write", "maintain", "admin"];

export class Renderer {
  constructor(
    private readonly state: EmulatorState,
    readonly apiUrl: string,
    readonly webUrl: string,
  ) {}

  get repoApiUrl(): string {
    return `${this.apiUrl}/repos/${this.state.config.owner}/${this.state.config.repo}`;
  }

  get repoId(): number {
    return this.state.repoId;
  }

  get repoWebUrl(): string {
    return `${this.webUrl}/${this.state.config.owner}/${this.state.config.repo}`;
  }

  user(login: string): RestUser {
    const user = this.state.requireUser(login);
    const url = `${this.apiUrl}/users/${encodeURIComponent(user.login)}`;
    return {
      login: user.login,
      id: user.id,
      node_id: nodeId(user.type, user.id),
      avatar_url: `https://avatars.githubusercontent.com/u/${user.id}?v=4`,
      gravatar_id: "",
      url,
      // Bots have no profile page; GitHub links their app instead.
      html_url:
        user.type === "Bot"
          ? `${this.webUrl}/apps/${user.login.replace(/\[bot\]$/, "")}`
          : `${this.webUrl}/${user.login}`,
      followers_url: `${url}/followers`,
      following_url: `${url}/following{/other_user}`,
      gists_url: `${url}/gists{/gist_id}`,
      starred_url: `${url}/starred{/owner}{/repo}`,
      subscriptions_url: `${url}/subscriptions`,
      organizations_url: `${url}/orgs`,
      repos_url: `${url}/repos`,
      events_url: `${url}/events{/privacy}`,
      received_events_url: `${url}/received_events`,
      type: user.type,
      user_view_type: "public",
      site_admin: false,
    };
  }

  publicUser(login: string): RestPublicUser {
    const { createdAt } = this.state.requireUser(login);
    return {
      ...this.user(login),
      name: null,
      company: null,
      blog: "",
      location: null,
      email: null,
      hireable: null,
      bio: null,
      twitter_username: null,
      public_repos: 0,
      public_gists: 0,
      followers: 0,
      following: 0,
      created_at: createdAt,
      updated_at: createdAt,
    };
  }

  permission(login: string): RestPermission {
    const { permission } = this.state.requireUser(login);
    const has = (level: Permission) => RANK.indexOf(permission) >= RANK.indexOf(level);
    return {
      permission: LEGACY_PERMISSION[permission],
      role_name: permission,
      user: {
        ...this.user(login),
        permissions: {
          admin: has("admin"),
          maintain: has("maintain"),
          push: has("write"),
          triage: has("triage"),
          pull: has("read"),
        },
        role_name: permission,
      },
    };
  }

  /** This repository, or with `fork` a fork of it that a pull request comes from. */
  repository(fork?: ForkRecord): RestRepository {
    const { defaultBranch } = this.state.config;
    const { owner, repo } = fork ?? this.state.config;
    const id = fork?.id ?? this.state.repoId;
    const url = `${this.apiUrl}/repos/${owner}/${repo}`;
    const htmlUrl = `${this.webUrl}/${owner}/${repo}`;
    const host = new URL(this.webUrl).host;
    const at = this.state.createdAt;
    const openIssues = fork ? 0 : this.state.issues.size;
    return {
      id,
      node_id: nodeId("Repository", id),
      name: repo,
      full_name: `${owner}/${repo}`,
      private: false,
      owner: this.user(owner),
      html_url: htmlUrl,
      description: null,
      fork: fork !== undefined,
      url,
      forks_url: `${url}/forks`,
      keys_url: `${url}/keys{/key_id}`,
      collaborators_url: `${url}/collaborators{/collaborator}`,
      teams_url: `${url}/teams`,
      hooks_url: `${url}/hooks`,
      issue_events_url: `${url}/issues/events{/number}`,
      events_url: `${url}/events`,
      assignees_url: `${url}/assignees{/user}`,
      branches_url: `${url}/branches{/branch}`,
      tags_url: `${url}/tags`,
      blobs_url: `${url}/git/blobs{/sha}`,
      git_tags_url: `${url}/git/tags{/sha}`,
      git_refs_url: `${url}/git/refs{/sha}`,
      trees_url: `${url}/git/trees{/sha}`,
      statuses_url: `${url}/statuses/{sha}`,
      languages_url: `${url}/languages`,
      stargazers_url: `${url}/stargazers`,
      contributors_url: `${url}/contributors`,
      subscribers_url: `${url}/subscribers`,
      subscription_url: `${url}/subscription`,
      commits_url: `${url}/commits{/sha}`,
      git_commits_url: `${url}/git/commits{/sha}`,
      comments_url: `${url}/comments{/number}`,
      issue_comment_url: `${url}/issues/comments{/number}`,
      contents_url: `${url}/contents/{+path}`,
      compare_url: `${url}/compare/{base}...{head}`,
      merges_url: `${url}/merges`,
      archive_url: `${url}/{archive_format}{/ref}`,
      downloads_url: `${url}/downloads`,
      issues_url: `${url}/issues{/number}`,
      pulls_url: `${url}/pulls{/number}`,
      milestones_url: `${url}/milestones{/number}`,
      notifications_url: `${url}/notifications{?since,all,participating}`,
      labels_url: `${url}/labels{/name}`,
      releases_url: `${url}/releases{/id}`,
      deployments_url: `${url}/deployments`,
      created_at: at,
      updated_at: at,
      pushed_at: at,
      git_url: `git://${host}/${owner}/${repo}.git`,
      ssh_url: `git@${host}:${owner}/${repo}.git`,
      clone_url: fork?.cloneUrl ?? `${htmlUrl}.git`,
      svn_url: htmlUrl,
      homepage: null,
      size: 0,
      stargazers_count: 0,
      watchers_count: 0,
      language: null,
      has_issues: true,
      has_projects: true,
      has_downloads: true,
      has_wiki: true,
      has_pages: false,
      has_discussions: false,
      forks_count: 0,
      mirror_url: null,
      archived: false,
      disabled: false,
      open_issues_count: openIssues,
      license: null,
      allow_forking: true,
      is_template: false,
      web_commit_signoff_required: false,
      topics: [],
      visibility: "public",
      forks: 0,
      open_issues: openIssues,
      watchers: 0,
      default_branch: defaultBranch,
      network_count: 0,
      subscribers_count: 0,
    };
  }

  label(name: string): RestLabel {
    const label = this.state.label(name);
    return {
      id: label.id,
      node_id: nodeId("Label", label.id),
      url: `${this.repoApiUrl}/labels/${encodeURIComponent(label.name)}`,
      name: label.name,
      description: null,
      color: label.color,
      default: false,
    };
  }

  private rollup(subject: ReactionSubject, url: string): Schemas["reaction-rollup"] {
    const reactions = this.state.reactionsOn(subject);
    const count = (content: ReactionContent) => reactions.filter((reaction) => reaction.content === content).length;
    return {
      url,
      total_count: reactions.length,
      "+1": count("+1"),
      "-1": count("-1"),
      laugh: count("laugh"),
      confused: count("confused"),
      heart: count("heart"),
      hooray: count("hooray"),
      eyes: count("eyes"),
      rocket: count("rocket"),
    };
  }

  issue(issue: IssueRecord): RestIssue {
    const url = `${this.repoApiUrl}/issues/${issue.number}`;
    const assignees = issue.assignees.map((login) => this.user(login));
    return {
      url,
      repository_url: this.repoApiUrl,
      labels_url: `${url}/labels{/name}`,
      comments_url: `${url}/comments`,
      events_url: `${url}/events`,
      html_url: `${this.repoWebUrl}/${issue.pull ? "pull" : "issues"}/${issue.number}`,
      id: issue.id,
      node_id: nodeId("Issue", issue.id),
      number: issue.number,
      title: issue.title,
      user: this.user(issue.author),
      labels: issue.labels.map((name) => this.label(name)),
      state: issue.pull?.state ?? "open",
      locked: false,
      assignee: assignees[0] ?? null,
      assignees,
      milestone: null,
      comments: [...this.state.comments.values()].filter((comment) => comment.issueNumber === issue.number).length,
      created_at: issue.createdAt,
      updated_at: issue.updatedAt,
      closed_at: issue.pull?.state === "closed" ? issue.updatedAt : null,
      author_association: this.state.association(issue.author),
      active_lock_reason: null,
      body: issue.body,
      closed_by: null,
      reactions: this.rollup({ issue: issue.number }, `${url}/reactions`),
      timeline_url: `${url}/timeline`,
      performed_via_github_app: null,
      state_reason: null,
      ...(issue.pull
        ? {
            pull_request: {
              url: `${this.repoApiUrl}/pulls/${issue.number}`,
              html_url: `${this.repoWebUrl}/pull/${issue.number}`,
              diff_url: `${this.repoWebUrl}/pull/${issue.number}.diff`,
              patch_url: `${this.repoWebUrl}/pull/${issue.number}.patch`,
              merged_at: issue.pull.mergedAt,
            },
          }
        : {}),
    };
  }

  comment(comment: CommentRecord): RestIssueComment {
    const url = `${this.repoApiUrl}/issues/comments/${comment.id}`;
    return {
      url,
      html_url: `${this.repoWebUrl}/issues/${comment.issueNumber}#issuecomment-${comment.id}`,
      issue_url: `${this.repoApiUrl}/issues/${comment.issueNumber}`,
      id: comment.id,
      node_id: nodeId("IssueComment", comment.id),
      user: this.user(comment.author),
      created_at: comment.createdAt,
      updated_at: comment.updatedAt,
      author_association: this.state.association(comment.author),
      body: comment.body,
      reactions: this.rollup({ comment: comment.id }, `${url}/reactions`),
      performed_via_github_app: null,
    };
  }

  reaction(reaction: ReactionRecord): RestReaction {
    return {
      id: reaction.id,
      node_id: nodeId("Reaction", reaction.id),
      user: this.user(reaction.author),
      content: reaction.content,
      created_at: reaction.createdAt,
    };
  }

  event(event: EventRecord): RestIssueEvent {
    return event.event === "labeled" ? this.labeledEvent(event) : this.assignedEvent(event);
  }

  labeledEvent(event: LabeledEventRecord): RestLabeledEvent {
    const { name, color } = this.label(event.label);
    return {
      ...this.eventCommon(event),
      node_id: nodeId("LabeledEvent", event.id),
      event: "labeled",
      label: { name, color },
    };
  }

  assignedEvent(event: AssignedEventRecord): RestAssignedEvent {
    const assignee = this.user(event.assignee);
    return {
      ...this.eventCommon(event),
      node_id: nodeId("AssignedEvent", event.id),
      event: "assigned",
      assignee,
      assigner: this.user(event.actor),
    };
  }

  private eventCommon(event: EventRecord) {
    return {
      id: event.id,
      url: `${this.repoApiUrl}/issues/events/${event.id}`,
      actor: this.user(event.actor),
      commit_id: null,
      commit_url: null,
      created_at: event.createdAt,
      performed_via_github_app: null,
    };
  }
}
