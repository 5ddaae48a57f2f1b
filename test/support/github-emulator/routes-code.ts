// File contents and the rate-limit overview (branches: routes-rules.ts).
import { notFound, type RouteTable } from "./http.ts";
import { renderContentEntry, renderContentFile, renderRateLimit } from "./render-code.ts";
import type { CodeState } from "./state-code.ts";

/** Files at `ref`, a branch name or a commit a branch points at. */
function filesAt(code: CodeState, ref: string): Map<string, string> | undefined {
  const direct = code.files.get(ref);
  if (direct) return direct;
  const branch = [...code.branches].find(([, sha]) => sha === ref)?.[0];
  return branch === undefined ? undefined : code.files.get(branch);
}

export const codeRoutes = {
  "GET /repos/{owner}/{repo}/contents/{path}": ({ param, query, state, render }) => {
    const ref = query.get("ref") ?? state.config.defaultBranch;
    const path = param("path").replace(/^\/+|\/+$/g, "");
    const files = filesAt(state.code, ref);
    if (!files) throw notFound();
    const content = files.get(path);
    if (content !== undefined) return { status: 200, body: renderContentFile(render, path, ref, content) };
    // A directory: its direct children, directories first as GitHub sorts them.
    const prefix = `${path}/`;
    const children = new Map<string, { type: "file" | "dir"; size: number }>();
    for (const [file, text] of files) {
      if (!file.startsWith(prefix)) continue;
      const [name, ...rest] = file.slice(prefix.length).split("/");
      children.set(
        `${prefix}${name}`,
        rest.length > 0 ? { type: "dir", size: 0 } : { type: "file", size: Buffer.byteLength(text) },
      );
    }
    if (children.size === 0) throw notFound();
    const entries = [...children].sort(([a, x], [b, y]) =>
      x.type === y.type ? a.localeCompare(b) : x.type === "dir" ? -1 : 1,
    );
    return {
      status: 200,
      body: entries.map(([entry, { type, size }]) => renderContentEntry(render, entry, ref, type, size)),
    };
  },

  "GET /rate_limit": () => ({ status: 200, body: renderRateLimit(Date.now()) }),
} satisfies RouteTable;
