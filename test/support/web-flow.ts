// GitHub's web-flow signing key, as the stand-ins use it: commits that the GitHub emulator creates
// through its Git Database API are signed with it (as GitHub signs API-created commits), and the test
// origin's rules verify signatures against it (a `required_signatures` rule refuses anything else).
// An SSH key, made once per process: git signs (`gpg.format=ssh`) and verifies (`verify-commit` with
// an allowed-signers file) with it using only ssh-keygen, so no keyring or agent is involved.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFileSync } from "node:child_process";

export interface WebFlowKey {
  /** The private key's path, for `git -c user.signingkey=<path> commit-tree -S`. */
  privateKey: string;
  /** An allowed-signers file naming the key, for `git -c gpg.ssh.allowedSignersFile=<path> verify-commit`. */
  allowedSigners: string;
  /** The identity GitHub signs as. */
  principal: string;
}

/** Git options that sign with the web-flow key (for commit-tree -S / commit -S). */
export function signingOptions(key: WebFlowKey): string[] {
  return ["-c", "gpg.format=ssh", "-c", `user.signingkey=${key.privateKey}`];
}

/** Git options that verify against the web-flow key only (for verify-commit / log --format=%G?). */
export function verifyingOptions(key: WebFlowKey): string[] {
  return ["-c", "gpg.format=ssh", "-c", `gpg.ssh.allowedSignersFile=${key.allowedSigners}`];
}

let made: WebFlowKey | undefined;

export function webFlowKey(): WebFlowKey {
  if (made) return made;
  const dir = mkdtempSync(join(tmpdir(), "gitclaw-web-flow-"));
  const privateKey = join(dir, "web-flow");
  execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "web-flow", "-f", privateKey]);
  const principal = "noreply@github.com";
  const allowedSigners = join(dir, "allowed_signers");
  writeFileSync(allowedSigners, `${principal} namespaces="git" ${readFileSync(`${privateKey}.pub`, "utf8")}`);
  made = { privateKey, allowedSigners, principal };
  return made;
}
