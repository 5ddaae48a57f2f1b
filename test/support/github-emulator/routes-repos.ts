// The repository, its collaborators' permissions and user profiles.
import { ApiError, notFound, type RouteTable } from "./http.ts";

export const repoRoutes = {
  "GET /repos/{owner}/{repo}": ({ render }) => ({ status: 200, body: render.repository() }),

  "GET /repos/{owner}/{repo}/collaborators/{username}/permission": ({ param, state, render }) => {
    const user = state.user(param("username"));
    if (!user) throw new ApiError(404, `${param("username")} is not a user`);
    return { status: 200, body: render.permission(user.login) };
  },

  "GET /users/{username}": ({ param, state, render }) => {
    const user = state.user(param("username"));
    if (!user) throw notFound();
    return { status: 200, body: render.publicUser(user.login) };
  },
} satisfies RouteTable;
