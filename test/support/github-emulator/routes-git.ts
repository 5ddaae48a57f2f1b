// The Git Database API (blobs, trees, commits, refs) and a commit with its verification, against the
// emulator's bare origin: objects are real git objects there, refs its branches.
import { ApiError, field, notFound, type RouteContext, type RouteTable } from "./http.ts";
import { renderCommit, renderGitCommit, renderGitRef, renderGitTree } from "./render-git.ts";
import { BLOB_LIMIT_BYTES, type GitDatabase, type GitIdentity, type TreeEntryInput } from "./state-git.ts";

function database({ state }: RouteContext): GitDatabase {
  if (!state.git) throw new ApiError(409, "Git Repository is empty.");
  return state.git;
}

/** GitHub's answer to a body that lacks a field or has the wrong type. */
const invalid = (detail: string) => new ApiError(422, `Invalid request.\n\n${detail}`);

function requiredString(body: unknown, name: string): string {
  const value = field(body, name);
  if (value === undefined) throw invalid(`"${name}" wasn't supplied.`);
  if (typeof value !== "string") throw invalid(`For '${name}', ${JSON.stringify(value)} is not a string.`);
  return value;
}

function blobBytes(body: unknown): Uint8Array {
  const content = requiredString(body, "content");
  const encoding = field(body, "encoding") ?? "utf-8";
  if (encoding === "utf-8" || encoding === "utf8") return Buffer.from(content, "utf8");
  if (encoding === "base64") return Buffer.from(content, "base64");
  throw new ApiError(422, `encoding must be either 'utf-8' or 'base64', not ${JSON.stringify(encoding)}`);
}

function treeEntries(body: unknown): TreeEntryInput[] {
  const tree = field(body, "tree");
  if (!Array.isArray(tree)) throw invalid(`"tree" wasn't supplied.`);
  return tree.map((entry) => {
    const path = requiredString(entry, "path");
    const mode = requiredString(entry, "mode");
    const sha = field(entry, "sha");
    const content = field(entry, "content");
    if (sha !== undefined && sha !== null && typeof sha !== "string")
      throw invalid(`For 'sha', ${sha} is not a string.`);
    if (content !== undefined && typeof content !== "string")
      throw invalid(`For 'content', ${content} is not a string.`);
    if (typeof sha === "string" && content !== undefined)
      throw new ApiError(422, "Only one of 'sha' or 'content' may be supplied per tree entry.");
    const type = field(entry, "type");
    return {
      path,
      mode,
      ...(typeof type === "string" ? { type } : {}),
      sha: sha as string | null | undefined,
      content,
    };
  });
}

function identity(body: unknown, name: "author" | "committer"): GitIdentity | undefined {
  const value = field(body, name);
  if (value === undefined) return undefined;
  const date = field(value, "date");
  return {
    name: requiredString(value, "name"),
    email: requiredString(value, "email"),
    date: typeof date === "string" ? date : new Date().toISOString(),
  };
}

function commitParents(body: unknown): string[] {
  const parents = field(body, "parents") ?? [];
  if (!Array.isArray(parents) || parents.some((parent) => typeof parent !== "string"))
    throw invalid(`For 'parents', ${JSON.stringify(parents)} is not an array of strings.`);
  return parents as string[];
}

export const gitRoutes = {
  "POST /repos/{owner}/{repo}/git/blobs": (context) => {
    const bytes = blobBytes(context.body);
    // GitHub refuses a file past its limit as it refuses a push of one: a rule of the repository's.
    if (bytes.byteLength > BLOB_LIMIT_BYTES)
      return { status: 422, body: { message: "File size exceeds the 100 MB limit", status: "422" } };
    const sha = database(context).writeBlob(bytes);
    return { status: 201, body: { sha, url: `${context.render.repoApiUrl}/git/blobs/${sha}` } };
  },

  "POST /repos/{owner}/{repo}/git/trees": (context) => {
    const baseTree = field(context.body, "base_tree");
    if (baseTree !== undefined && typeof baseTree !== "string") throw invalid(`For 'base_tree', it is not a string.`);
    const git = database(context);
    const sha = git.writeTree(baseTree, treeEntries(context.body));
    return { status: 201, body: renderGitTree(context.render, git, sha) };
  },

  "POST /repos/{owner}/{repo}/git/commits": (context) => {
    const { body } = context;
    const git = database(context);
    const signature = field(body, "signature");
    const sha = git.writeCommit({
      message: requiredString(body, "message"),
      tree: requiredString(body, "tree"),
      parents: commitParents(body),
      author: identity(body, "author"),
      committer: identity(body, "committer"),
      ...(typeof signature === "string" ? { signature } : {}),
    });
    return { status: 201, body: renderGitCommit(context.render, git, git.readCommit(sha)!) };
  },

  "GET /repos/{owner}/{repo}/git/commits/{commit_sha}": (context) => {
    const git = database(context);
    const commit = git.readCommit(context.param("commit_sha"));
    if (!commit) throw notFound();
    return { status: 200, body: renderGitCommit(context.render, git, commit) };
  },

  "POST /repos/{owner}/{repo}/git/refs": (context) => {
    const ref = requiredString(context.body, "ref");
    const sha = requiredString(context.body, "sha");
    const git = database(context);
    git.createRef(ref, sha);
    return { status: 201, body: renderGitRef(context.render, ref, sha, git.typeOf(sha)!) };
  },

  "GET /repos/{owner}/{repo}/git/ref/{ref}": (context) => {
    const git = database(context);
    const ref = context.param("ref");
    const sha = git.ref(ref);
    if (!sha) throw notFound();
    return { status: 200, body: renderGitRef(context.render, `refs/${ref}`, sha, git.typeOf(sha)!) };
  },

  "PATCH /repos/{owner}/{repo}/git/refs/{ref}": (context) => {
    const sha = requiredString(context.body, "sha");
    const force = field(context.body, "force") === true;
    const git = database(context);
    const ref = context.param("ref").replace(/^refs\//, "");
    git.updateRef(ref, sha, force);
    return { status: 200, body: renderGitRef(context.render, `refs/${ref}`, sha, git.typeOf(sha)!) };
  },

  "GET /repos/{owner}/{repo}/commits/{ref}": (context) => {
    const git = database(context);
    const sha = git.resolveCommit(context.param("ref"));
    const commit = sha ? git.readCommit(sha) : undefined;
    if (!commit) throw new ApiError(422, `No commit found for SHA: ${context.param("ref")}`);
    return { status: 200, body: renderCommit(context.render, context.state, git, commit) };
  },
} satisfies RouteTable;
