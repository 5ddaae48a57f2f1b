// Plumbing shared by the route modules: the handler contract, GitHub-shaped errors, pagination.
import type { Operation } from "../openapi/operations.ts";
import type { Attachments } from "./attachments.ts";
import type { Renderer } from "./render.ts";
import type { EmulatorState } from "./state.ts";

export const DOCS_URL = "https://docs.github.com/rest";

export interface RouteContext {
  /** A path parameter of the matched template, URL-decoded. */
  param(name: string): string;
  query: URLSearchParams;
  /** A request header, by case-insensitive name. */
  header(name: string): string | null;
  body: unknown;
  url: URL;
  state: EmulatorState;
  render: Renderer;
  /** Attached files: `body_html` for the full+json and html+json media types (Attachments.withBodies). */
  attachments: Attachments;
}

export interface RouteResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (context: RouteContext) => RouteResult;
export type RouteTable = Partial<Record<Operation, Handler>>;

export interface ValidationErrorItem {
  resource: string;
  field: string;
  code: string;
  message?: string;
}

/** Thrown by handlers; the server answers with GitHub's error body for it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: ValidationErrorItem[] | string[],
  ) {
    super(message);
  }
}

// GitHub's error body: `status` is a string, `errors` only on validation failures.
export function errorBody(status: number, message: string, errors?: ValidationErrorItem[] | string[]) {
  return { message, ...(errors ? { errors } : {}), documentation_url: DOCS_URL, status: String(status) };
}

export const notFound = (): ApiError => new ApiError(404, "Not Found");

export const validationFailed = (...errors: ValidationErrorItem[]): ApiError =>
  new ApiError(422, "Validation Failed", errors);

/** The 422 of endpoints whose errors are plain sentences (validation-error-simple), as reviews answer. */
export const unprocessable = (...errors: string[]): ApiError => new ApiError(422, "Unprocessable Entity", errors);

/** A numeric path parameter (issue_number, comment_id ...); anything else is a 404 like on GitHub. */
export function idParam(context: RouteContext, name: string): number {
  const value = context.param(name);
  if (!/^[1-9]\d*$/.test(value)) throw notFound();
  return Number(value);
}

/** A top-level field of a JSON request body. */
export function field(body: unknown, name: string): unknown {
  return typeof body === "object" && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

/**
 * One page of `items` (`per_page` default 30, max 100; `page` from 1) with GitHub's Link header,
 * so `octokit.paginate` follows rel="next" back to the emulator.
 */
export function paginate(items: unknown[], url: URL): RouteResult {
  const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get("per_page")) || 30));
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  const link = (target: number, rel: string) => {
    const pageUrl = new URL(url);
    pageUrl.searchParams.set("page", String(target));
    return `<${pageUrl}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page > 1) links.push(link(page - 1, "prev"));
  if (page < lastPage) links.push(link(page + 1, "next"), link(lastPage, "last"));
  if (page > 1) links.push(link(1, "first"));
  return {
    status: 200,
    body: items.slice((page - 1) * perPage, page * perPage),
    headers: links.length ? { link: links.join(", ") } : {},
  };
}
