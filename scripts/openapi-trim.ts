// Regenerates test/support/openapi/github-rest.json: GitHub's official REST description trimmed to
// the operations in test/support/openapi/operations.ts and the components they reference.
// @octokit/openapi is 385 MB unpacked, so it is not a dependency: fetch the pinned tarball with
// `npm pack` into a temp dir instead. Run: bun scripts/openapi-trim.ts
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EXTRA_SCHEMAS, OPERATIONS } from "../test/support/openapi/operations.ts";

const PACKAGE = "@octokit/openapi@23.0.2";
const SPEC_IN_TARBALL = "package/generated/api.github.com.json";
const OUTPUT = join(import.meta.dir, "..", "test", "support", "openapi", "github-rest.json");

// Annotations (and `x-` extensions): validation ignores them and they make up most of the file.
const ANNOTATIONS = new Set([
  "description",
  "summary",
  "title",
  "example",
  "examples",
  "externalDocs",
  "tags",
  "default",
  "deprecated",
  "headers",
  "links",
]);
// Keys whose values map names to nodes: a property may well be called "description".
const NAME_MAPS = new Set(["properties", "patternProperties", "responses", "content"]);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

async function run(cmd: string[], cwd: string): Promise<string> {
  const child = Bun.spawn(cmd, { cwd, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  if (code !== 0) throw new Error(`${cmd.join(" ")} exited ${code}: ${stderr}`);
  return stdout;
}

async function fetchSpec(): Promise<JsonObject> {
  const dir = await mkdtemp(join(tmpdir(), "openapi-trim-"));
  try {
    const tarball = (await run(["npm", "pack", PACKAGE, "--silent"], dir)).trim().split("\n").at(-1);
    if (!tarball) throw new Error("npm pack printed no file name");
    await run(["tar", "xzf", tarball, SPEC_IN_TARBALL], dir);
    return (await Bun.file(join(dir, SPEC_IN_TARBALL)).json()) as JsonObject;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function isObject(node: Json | undefined): node is JsonObject {
  return typeof node === "object" && node !== null && !Array.isArray(node);
}

function strip(node: Json, isNameMap = false): Json {
  if (Array.isArray(node)) return node.map((item) => strip(item));
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (!isNameMap && (ANNOTATIONS.has(key) || key.startsWith("x-"))) continue;
    // The emulator only speaks JSON; drop other media types (e.g. application/scim+json).
    const kept =
      !isNameMap && key === "content" && isObject(value)
        ? Object.fromEntries(Object.entries(value).filter(([type]) => type === "application/json"))
        : value;
    out[key] = strip(kept, !isNameMap && NAME_MAPS.has(key));
  }
  return out;
}

function collectRefs(node: Json, into: Set<string>): void {
  if (Array.isArray(node)) node.forEach((item) => collectRefs(item, into));
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") into.add(value);
      else collectRefs(value, into);
    }
  }
}

// GitHub's description only uses local refs of the form #/components/{kind}/{name}.
function parseRef(ref: string): { kind: string; name: string } {
  const match = /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref);
  if (!match) throw new Error(`unsupported $ref ${ref}`);
  return { kind: match[1]!, name: match[2]! };
}

function resolve(spec: JsonObject, ref: string): Json {
  const { kind, name } = parseRef(ref);
  const group = isObject(spec.components) ? spec.components[kind] : undefined;
  const found = isObject(group) ? group[name] : undefined;
  if (found === undefined) throw new Error(`unresolvable $ref ${ref}`);
  return found;
}

function trim(spec: JsonObject): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const operation of OPERATIONS) {
    const [method, path] = operation.split(" ") as [string, string];
    const source = isObject(spec.paths) ? spec.paths[path] : undefined;
    const op = isObject(source) ? source[method.toLowerCase()] : undefined;
    if (!isObject(op)) throw new Error(`${operation} is not in ${PACKAGE}`);
    // parameters and requestBody too: the emulator checks requests as well as responses.
    (paths[path] ??= {})[method.toLowerCase()] = strip({
      operationId: op.operationId ?? null,
      parameters: op.parameters ?? [],
      ...(op.requestBody ? { requestBody: op.requestBody } : {}),
      responses: op.responses ?? {},
    });
  }

  // Walk $refs transitively from the kept operations. A Set visits each ref once, including refs
  // added while iterating, so this follows the whole closure without repeats.
  const components: Record<string, JsonObject> = {};
  const refs = new Set<string>(EXTRA_SCHEMAS.map((name) => `#/components/schemas/${name}`));
  collectRefs(paths, refs);
  for (const ref of refs) {
    const { kind, name } = parseRef(ref);
    const node = strip(resolve(spec, ref));
    (components[kind] ??= {})[name] = node;
    collectRefs(node, refs);
  }
  for (const kind of Object.keys(components))
    components[kind] = Object.fromEntries(Object.entries(components[kind]!).sort(([a], [b]) => a.localeCompare(b)));

  const info = isObject(spec.info) ? spec.info : {};
  return {
    openapi: spec.openapi ?? null,
    info: {
      title: info.title ?? null,
      version: info.version ?? null,
      "x-trimmed-from": `${PACKAGE} generated/api.github.com.json by scripts/openapi-trim.ts`,
    },
    paths,
    components,
  };
}

const trimmed = trim(await fetchSpec());
await Bun.write(OUTPUT, `${JSON.stringify(trimmed, null, 1)}\n`);
const counts = Object.entries(trimmed.components as Record<string, object>).map(
  ([kind, entries]) => `${Object.keys(entries).length} ${kind}`,
);
console.log(`wrote ${OUTPUT}: ${OPERATIONS.length} operations, ${counts.join(", ")}`);
