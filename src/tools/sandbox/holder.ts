// A root process that holds one of the run's namespaces (the workspace view's mount namespace,
// sandbox-view.ts; the tool commands' network namespace, network.ts): started by root directly,
// by anyone else through passwordless sudo. It prints "ready <pid> …" once its namespace is set up,
// or fails with one line on stderr, and stays until the agent closes its stdin.

export interface Holder {
  /** What followed "ready" on its first line: its pid first. */
  fields: string[];
  /** Ends the holder, and with it the namespace once no tool process is left in it. */
  close(): Promise<void>;
}

const READY_TIMEOUT_MS = 15_000;

/** Starts `command` as root; returns the holder once ready, or the last thing it said when it failed. */
export async function startHolder(command: string[], root: boolean): Promise<Holder | string> {
  const holder = Bun.spawn(root ? command : ["sudo", "-n", ...command], {
    cwd: "/",
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
  });
  const ready = await firstLine(holder.stdout, READY_TIMEOUT_MS);
  const fields = /^ready( \d+)+$/.test(ready ?? "") ? ready!.split(" ").slice(1) : undefined;
  if (!fields) {
    holder.kill();
    await holder.exited;
    const said = (await new Response(holder.stderr).text()).trim().split("\n").at(-1);
    return said || (ready === undefined ? "no answer" : ready);
  }
  // The holder never keeps the agent alive: should the agent end without release(), its stdin closes and it ends too.
  holder.unref();
  let closed: Promise<void> | undefined;
  return {
    fields,
    close: () =>
      (closed ??= (async () => {
        holder.ref();
        holder.stdin.end();
        await holder.exited;
      })()),
  };
}

/** The first line a stream prints, or undefined when it ends or `timeoutMs` passes first. */
async function firstLine(stream: ReadableStream<Uint8Array>, timeoutMs: number): Promise<string | undefined> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), timeoutMs)));
  try {
    while (!text.includes("\n")) {
      const chunk = await Promise.race([reader.read(), timeout]);
      if (!chunk || chunk.done) return undefined;
      text += decoder.decode(chunk.value, { stream: true });
    }
    return text.slice(0, text.indexOf("\n"));
  } finally {
    clearTimeout(timer);
    reader.releaseLock();
  }
}
