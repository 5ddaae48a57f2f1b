// What the doctor's checks return: PASS, WARN or FAIL, what was found, and for a problem its fix.
export type CheckStatus = "PASS" | "WARN" | "FAIL";

export interface CheckResult {
  name: string;
  status: CheckStatus;
  detail: string;
  /** What to do about a WARN or FAIL. */
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

/** A URL as safe to print: credentials in it are dropped. */
export const withoutCredentials = (url: string) => url.replace(/^(\w+:\/\/)[^@/]+@/, "$1");
