// A GitHub App's side of the REST API: its installation on the repository and installation tokens,
// authenticated with the App's JWT (./apps.ts checks it), and the revocation of a token by itself.
import { ApiError, idParam, notFound, type RouteContext, type RouteTable } from "./http.ts";

/** The operations authenticated with the App's JWT rather than a token. */
export const JWT_OPERATIONS: ReadonlySet<string> = new Set([
  "GET /repos/{owner}/{repo}/installation",
  "POST /app/installations/{installation_id}/access_tokens",
]);

const tokenOf = (context: RouteContext) =>
  /^(?:token|bearer)\s+(\S+)$/i.exec(context.header("authorization") ?? "")?.[1];

export const appRoutes = {
  "GET /repos/{owner}/{repo}/installation": (context) => {
    const { state, render } = context;
    const app = state.apps.verifyJwt(context.header("authorization"));
    const owner = state.upsertUser({ login: state.config.owner });
    return {
      status: 200,
      body: {
        id: app.installationId,
        account: render.user(owner.login),
        repository_selection: "selected",
        access_tokens_url: `${render.apiUrl}/app/installations/${app.installationId}/access_tokens`,
        repositories_url: `${render.apiUrl}/installation/repositories`,
        html_url: `${context.render.webUrl}/settings/installations/${app.installationId}`,
        app_id: app.id,
        app_slug: app.slug,
        target_id: owner.id,
        target_type: "User",
        permissions: app.permissions,
        events: [],
        created_at: app.createdAt,
        updated_at: app.createdAt,
        single_file_name: null,
        suspended_by: null,
        suspended_at: null,
      },
    };
  },

  "POST /app/installations/{installation_id}/access_tokens": (context) => {
    const { state } = context;
    const app = state.apps.verifyJwt(context.header("authorization"));
    if (idParam(context, "installation_id") !== app.installationId) throw notFound();
    const body = (context.body ?? {}) as { repositories?: unknown; permissions?: unknown };
    const record = state.apps.mint(app, state.config.repo, body);
    return {
      status: 201,
      body: {
        token: record.token,
        expires_at: new Date(record.expiresAt * 1000).toISOString().replace(/\.\d{3}Z$/, "Z"),
        permissions: record.permissions,
        repository_selection: "selected",
      },
    };
  },

  "DELETE /installation/token": (context) => {
    const record = context.state.apps.live(tokenOf(context));
    if (!record) throw new ApiError(401, "Bad credentials");
    record.revoked = true;
    return { status: 204 };
  },
} satisfies RouteTable;
