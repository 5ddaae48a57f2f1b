// One table of protected paths, driven through every route a change can take (the file tools, shell
// commands: test/security/protected.test.ts; pr_push: test/unit/tools/github/pr.test.ts; sub-agent patches:
// test/unit/tasks/apply.test.ts), so the routes cannot disagree.

/** The default protected paths plus the workflows folder and a glob, as a repository might configure them. */
export const PROTECTED_CONFIG = [".github/workflows/", ".github/gitclaw.json", "lifecycle/", "bunfig.toml", "**/*.pem"];

export interface ProtectedCase {
  path: string;
  /** In the repository before the run (changed or deleted), or new. */
  existing: boolean;
}

export const PROTECTED_TABLE: ProtectedCase[] = [
  // First in path order among tracked changes: a trimmed porcelain read once lost its leading space.
  { path: ".github/workflows/gitclaw.yml", existing: true },
  { path: ".GitHub/workflows/evil.yml", existing: false },
  { path: ".github/gitclaw.json", existing: false },
  { path: "lifecycle/GITCLAW-AGENT.ts", existing: true },
  { path: "bunfig.toml", existing: false },
  { path: "deploy/key.pem", existing: false },
  { path: "Deploy/KEY.PEM", existing: false },
  { path: "state/issues/999.json", existing: false },
];

/** Files the repository starts with so that the existing cases have something to change. */
export const PROTECTED_FIXTURES: Record<string, string> = Object.fromEntries(
  PROTECTED_TABLE.filter((c) => c.existing).map((c) => [c.path, `original ${c.path}\n`]),
);
