// Validates JSON against GitHub's official descriptions, so the emulator and the webhook fixtures
// cannot drift from what GitHub really sends:
// - REST requests (path and query parameters, JSON body) and responses against github-rest.json
//   (trimmed OpenAPI 3.0.3, see scripts/openapi-trim.ts);
// - webhook payloads against @octokit/openapi-webhooks (OpenAPI 3.1, i.e. JSON Schema 2020-12).
// Ajv instances and the documents are loaded on first use, validators compiled once per schema.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import Ajv, { type AnySchema, type ErrorObject, type ValidateFunction } from "ajv";
import Ajv2020 from "ajv/dist/2020";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const REST_ID = "github-rest.json";
const WEBHOOKS_ID = "github-webhooks.json";

function isObject(node: Json | undefined): node is JsonObject {
  return typeof node === "object" && node !== null && !Array.isArray(node);
}

// Ajv has no built-in formats (ajv-formats is not a dependency). These are the ones GitHub's
// descriptions use; checking date-time and uri catches the likeliest emulator mistakes.
function addFormats(ajv: Ajv | Ajv2020): void {
  ajv.addFormat("date-time", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  ajv.addFormat("date", /^\d{4}-\d{2}-\d{2}$/);
  ajv.addFormat("uri", (value: string) => URL.canParse(value));
  ajv.addFormat("email", /^[^\s@]+@[^\s@]+$/);
  ajv.addFormat("uri-template", true);
  ajv.addFormat("int64", { type: "number", validate: (value: number) => Number.isSafeInteger(value) });
}

// Ajv's message, with what it does not say by itself: the allowed values of an enum, the name of
// an unexpected property.
function formatErrors(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((error) => {
    const { allowedValues, additionalProperty } = error.params as {
      allowedValues?: unknown[];
      additionalProperty?: string;
    };
    const detail = allowedValues
      ? ` (${allowedValues.join(", ")})`
      : additionalProperty
        ? `: ${additionalProperty}`
        : "";
    return `${error.instancePath || "/"} ${error.message ?? "is invalid"}${detail}`;
  });
}

// OpenAPI 3.0 marks null with `nullable: true`, which JSON Schema lacks (Ajv throws
// `"nullable" cannot be used without "type"`): turn it into a type union, or an anyOf when the
// schema has no type (e.g. a bare $ref). Local refs become absolute so that a response schema
// compiled on its own still resolves them in the registered document.
function toJsonSchema(node: Json): Json {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$ref" && typeof value === "string" && value.startsWith("#")) out[key] = `${REST_ID}${value}`;
    else if (key !== "nullable" || typeof value !== "boolean") out[key] = toJsonSchema(value);
  }
  if (node.nullable !== true) return out;
  if (typeof out.type !== "string") return { anyOf: [out, { type: "null" }] };
  out.type = [out.type, "null"];
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  return out;
}

// `parameters` coerces query and path strings ("5" is an integer parameter) as GitHub reads them;
// bodies are JSON, so `ajv` checks them as they are.
type RestValidator = { ajv: Ajv; parameters: Ajv; spec: JsonObject; validators: Map<string, ValidateFunction> };
let rest: RestValidator | undefined;

function loadRest(): RestValidator {
  if (rest) return rest;
  const raw = JSON.parse(readFileSync(new URL("./github-rest.json", import.meta.url), "utf8")) as Json;
  const spec = toJsonSchema(raw) as JsonObject;
  const [ajv, parameters] = [
    new Ajv({ strict: false, allErrors: true }),
    new Ajv({ strict: false, allErrors: true, coerceTypes: true }),
  ];
  for (const instance of [ajv, parameters]) {
    addFormats(instance);
    instance.addSchema(spec as AnySchema, REST_ID);
  }
  rest = { ajv, parameters, spec, validators: new Map() };
  return rest;
}

function child(node: Json | undefined, ...keys: string[]): Json | undefined {
  let current = node;
  for (const key of keys) current = isObject(current) ? current[key] : undefined;
  return current;
}

// The response object GitHub documents for this status, following a #/components/responses ref.
function documentedResponse(
  spec: JsonObject,
  method: string,
  pathTemplate: string,
  status: number,
): JsonObject | undefined {
  const response = child(spec, "paths", pathTemplate, method.toLowerCase(), "responses", String(status));
  const ref = child(response, "$ref");
  if (typeof ref !== "string") return isObject(response) ? response : undefined;
  const target = child(spec, "components", "responses", ref.split("/").at(-1) ?? "");
  return isObject(target) ? target : undefined;
}

/**
 * Checks a REST response body against the operation's documented schema for that status.
 * Returns Ajv's errors (e.g. `/id must be integer`), empty when valid. Error statuses the operation
 * does not document are checked against GitHub's generic `basic-error`; undocumented success
 * statuses, unknown operations and bodies on content-less responses are errors themselves.
 */
export function validateResponse(method: string, pathTemplate: string, status: number, body: unknown): string[] {
  const { ajv, spec, validators } = loadRest();
  if (!isObject(child(spec, "paths", pathTemplate, method.toLowerCase())))
    return [`${method} ${pathTemplate} is not in github-rest.json`];
  const response = documentedResponse(spec, method, pathTemplate, status);
  let schema: Json | undefined;
  if (response) {
    schema = child(response, "content", "application/json", "schema");
    if (schema === undefined) return body === undefined ? [] : [`/ must be empty: status ${status} has no content`];
  } else if (status >= 400) {
    schema = { $ref: `${REST_ID}#/components/schemas/basic-error` };
  } else {
    return [`status ${status} is not documented`];
  }
  const key = `${method} ${pathTemplate} ${response ? status : "error"}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(schema as AnySchema);
    validators.set(key, validate);
  }
  return validate(body) ? [] : formatErrors(validate.errors);
}

// A parameter or request body, following a #/components ref (made absolute by toJsonSchema).
function dereference(spec: JsonObject, node: Json | undefined): Json | undefined {
  const ref = child(node, "$ref");
  if (typeof ref !== "string") return node;
  return child(spec, ...ref.slice(ref.indexOf("#/") + 2).split("/"));
}

// One object schema for the operation's parameters of one place ("path" or "query"). Query
// parameters the operation does not document are refused: GitHub ignores them, so the code that
// sends one believes in a filter or a page size that never applies.
function parametersSchema(spec: JsonObject, operation: JsonObject, place: "path" | "query"): JsonObject {
  const properties: JsonObject = {};
  const required: string[] = [];
  const listed = Array.isArray(operation.parameters) ? operation.parameters : [];
  for (const parameter of listed.map((node) => dereference(spec, node))) {
    if (child(parameter, "in") !== place) continue;
    const name = String(child(parameter, "name"));
    properties[name] = child(parameter, "schema") ?? {};
    if (child(parameter, "required") === true) required.push(name);
  }
  return { type: "object", properties, required, additionalProperties: false };
}

function compiledRequest(
  method: string,
  pathTemplate: string,
): { path: ValidateFunction; query: ValidateFunction; body?: ValidateFunction; bodyRequired: boolean } | undefined {
  const { ajv, parameters, spec } = loadRest();
  const operation = child(spec, "paths", pathTemplate, method.toLowerCase());
  if (!isObject(operation)) return undefined;
  const requestBody = dereference(spec, operation.requestBody);
  const bodySchema = child(requestBody, "content", "application/json", "schema");
  return {
    path: parameters.compile(parametersSchema(spec, operation, "path") as AnySchema),
    query: parameters.compile(parametersSchema(spec, operation, "query") as AnySchema),
    body: bodySchema === undefined ? undefined : ajv.compile(bodySchema as AnySchema),
    bodyRequired: child(requestBody, "required") === true,
  };
}

const requestValidators = new Map<string, ReturnType<typeof compiledRequest>>();

export interface RestRequest {
  /** Path parameters of the matched template, URL-decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** Parsed JSON, undefined when the request had no body. */
  body: unknown;
}

/**
 * Checks a REST request against the operation GitHub documents: path and query parameters (types,
 * enums, required ones; undocumented query parameters) and the JSON body against its requestBody
 * schema. Returns one line per problem naming the place and the field, e.g.
 * `body /event must be equal to one of the allowed values (APPROVE, REQUEST_CHANGES, COMMENT)`.
 */
export function validateRequest(method: string, pathTemplate: string, request: RestRequest): string[] {
  const key = `${method} ${pathTemplate}`;
  if (!requestValidators.has(key)) requestValidators.set(key, compiledRequest(method, pathTemplate));
  const validators = requestValidators.get(key);
  if (!validators) return [`${key} is not in github-rest.json`];
  const problems: string[] = [];
  const check = (place: string, validate: ValidateFunction, value: unknown) => {
    if (!validate(value)) problems.push(...formatErrors(validate.errors).map((error) => `${place} ${error}`));
  };
  check("path parameter", validators.path, { ...request.params });
  check("query parameter", validators.query, Object.fromEntries(request.query));
  if (request.body === undefined) {
    if (validators.bodyRequired) problems.push("body is required");
  } else if (validators.body) check("body", validators.body, request.body);
  return problems;
}

let webhooks: { ajv: Ajv2020; validators: Map<string, ValidateFunction> } | undefined;

/**
 * Checks a webhook payload against @octokit/openapi-webhooks, e.g.
 * `validateWebhookPayload("issue_comment.created", payload)` (an event without actions, e.g.
 * "workflow_dispatch", by its name alone). Returns Ajv's errors, empty when valid.
 */
export function validateWebhookPayload(event: string, payload: unknown): string[] {
  if (!webhooks) {
    const spec = createRequire(import.meta.url)("@octokit/openapi-webhooks/generated/api.github.com.json") as AnySchema;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(spec, WEBHOOKS_ID);
    webhooks = { ajv, validators: new Map() };
  }
  let validate = webhooks.validators.get(event);
  if (!validate) {
    // issue_comment.created is described as #/components/schemas/webhook-issue-comment-created.
    validate = webhooks.ajv.getSchema(`${WEBHOOKS_ID}#/components/schemas/webhook-${event.replace(/[_.]/g, "-")}`);
    if (!validate) return [`${event} is not in @octokit/openapi-webhooks`];
    webhooks.validators.set(event, validate);
  }
  return validate(payload) ? [] : formatErrors(validate.errors);
}
