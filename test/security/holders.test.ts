// The namespaces' root holders, each run the way the sandbox runs it (`bun -e` of its isolated
// files' script, as root) and judged by what it does: the network namespace's holder
// (src/egress/namespace-holder.ts, handoff.ts, refusals.ts) and the mount namespace's
// (src/sandbox/view-holder.ts). Needs root or passwordless sudo, as on a runner.
import { chownSync, existsSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { libc } from "../../src/egress/libc.ts";
import { openNetworkNamespace } from "../../src/egress/namespace.ts";
import { openMountNamespace, openWorkspaceView } from "../../src/sandbox/sandbox-view.ts";
import { isRoot, runAsRoot } from "../support/privileged.ts";

const root = isRoot();
const inNamespace = (pid: number, kind: "-n" | "-m", argv: string[]) =>
  runAsRoot(["nsenter", "-t", String(pid), kind, ...argv]);
/** The namespace of `kind` a process is in (another user's: read as root). */
const namespaceOf = async (pid: number | "self", kind: "net" | "mnt") =>
  pid === "self"
    ? readlinkSync(`/proc/self/ns/${kind}`)
    : (await runAsRoot(["readlink", `/proc/${pid}/ns/${kind}`])).stdout;
const scratch = mkdtempSync(join(tmpdir(), "gitclaw-holders-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the network namespace's holder", () => {
  it("hands over a socket listening on the namespace's loopback, and reports what the kernel refused", async () => {
    const listeners: number[] = [];
    const refused: string[] = [];
    const namespace = await openNetworkNamespace({
      root,
      serve: (listener) => listeners.push(listener),
      onRefused: (host, kind) => refused.push(`${host} ${kind}`),
    });
    if (typeof namespace === "string") throw new Error(namespace);
    try {
      expect(listeners).toHaveLength(1);
      expect(await namespaceOf(namespace.pid, "net")).toMatch(/^net:\[\d+\]$/);
      expect(await namespaceOf(namespace.pid, "net")).not.toBe(await namespaceOf("self", "net"));
      const script = [
        `exec 3<>/dev/tcp/127.0.0.1/${namespace.port} && echo listening`,
        "(exec 4<>/dev/tcp/10.9.8.7/81) 2>/dev/null || echo refused",
        "echo hello > /dev/udp/10.9.8.6/5353",
      ].join("; ");
      const tried = await inNamespace(namespace.pid, "-n", ["bash", "-c", script]);
      expect(tried.stdout).toBe("listening\nrefused");
    } finally {
      await namespace.close();
      for (const fd of listeners) libc().close(fd);
    }
    // close() returns once the holder printed all it saw.
    expect(refused).toEqual(expect.arrayContaining(["10.9.8.7 tcp/81", "10.9.8.6 udp/5353"]));
  });
});

describe("the mount namespace's holder", () => {
  it("holds a mount namespace of its own, and ends when closed", async () => {
    const namespace = await openMountNamespace(root);
    if (typeof namespace === "string") throw new Error(namespace);
    expect(await namespaceOf(namespace.pid, "mnt")).toMatch(/^mnt:\[\d+\]$/);
    expect(await namespaceOf(namespace.pid, "mnt")).not.toBe(await namespaceOf("self", "mnt"));
    await namespace.close();
    expect(existsSync(`/proc/${namespace.pid}`)).toBe(false);
  });

  it("shows the agent's files as the tool user's, or says which call of the mount API the machine refused", async () => {
    const workspace = join(scratch, "workspace");
    mkdirSync(join(workspace, ".git"), { recursive: true });
    writeFileSync(join(workspace, "file"), "x");
    const agent = { uid: 4242, gid: 4242 };
    if (root) chownSync(join(workspace, "file"), agent.uid, agent.gid);
    else await runAsRoot(["chown", "4242:4242", join(workspace, "file")]);
    const options = { root, workspace, agent, tool: { uid: 5353, gid: 5353 }, agentOnly: [".git"] };
    const view = await openWorkspaceView(options);
    if (typeof view === "string") {
      // Where the file system refuses idmapping (as on some CI machines), the holder names the call.
      expect(view).toMatch(
        /^an idmapped view of the workspace cannot be mounted here \((open_tree|mount_setattr|move_mount) failed: E[A-Z]+\)$/,
      );
      return;
    }
    try {
      const seen = await inNamespace(view.pid, "-m", [
        "stat",
        "-c",
        "%u",
        join(workspace, "file"),
        join(workspace, ".git"),
      ]);
      expect(seen.stdout).toBe(`5353\n${process.getuid?.()}`);
    } finally {
      await view.close();
    }
  });
});
