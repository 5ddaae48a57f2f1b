// What the doctor's checks return: PASS, WARN, FAIL or SKIP, what was found, and for a problem its fix.
// SKIP is a check that could not be made (its server was out of reach): the setup may be right, so it
// does not fail the doctor; it says what was not reached and what to do.
export type CheckStatus = "PASS" | "WARN" | "FAIL" | "SKIP";

export interface CheckResult {
  name: string;
  status: CheckStatus;
  detail: string;
  /** What to do about a WARN, FAIL or SKIP. */
  fix?: string;
}

export const pass = (name: string, detail: string): CheckResult => ({ name, status: "PASS", detail });
export const warn = (name: string, detail: string, fix: string): CheckResult => ({
  name,
  status: "WARN",
  detail,
  fix,
});
export const failed = (name: string, detail: string, fix: string): CheckResult => ({
  name,
  status: "FAIL",
  detail,
  fix,
});

/** A check not made, for what it needs was out of reach; `fix` says how to make it. */
export const skipped = (name: string, detail: string, fix: string): CheckResult => ({
  name,
  status: "SKIP",
  detail,
  fix,
});
/** A check not made: `address` could not be reached (`reason`). */
export const unreached = (name: string, address: string, reason: string, fix: string): CheckResult =>
  skipped(name, `could not reach ${address}: ${reason}`, fix);

/** A URL as safe to print: credentials in it are dropped. */
export const withoutCredentials = (url: string) => url.replace(/^(\w+:\/\/)[^@/]+@/, "$1");
