// A root process that holds one of the run's namespaces (the workspace view's mount namespace,
// sandbox-view.ts; the tool commands' network namespace, src/egress/namespace.ts): started by root
// directly, by anyone else through passwordless sudo. It prints "ready <pid> …" once its namespace is set up,
// or fails with one line on stderr, and stays until the agent closes its stdin.

export interface Holder {
  /** What followed "ready" on its first line: its pid first. */
  fields: string[];
  /** Ends the holder, and with it the namespace once no tool process is left in it. */
  close(): Promise<void>;
}

const READY_TIMEOUT_MS = 15_000;

/**
 * Starts `command` as root; returns the holder once ready, or the last thing it said when it failed.
 * The lines it prints after "ready" go to `onLine`, all of them before close() returns.
 */
export async function startHolder(
  command: string[],
  root: boolean,
  onLine?: (line: string) => void,
): Promise<Holder | string> {
  const holder = Bun.spawn(root ? command : ["sudo", "-n", ...command], {
    cwd: "/",
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
  });
  const output = lines(holder.stdout);
  const ready = await firstLine(output, READY_TIMEOUT_MS);
  const fields = /^ready( \d+)+$/.test(ready ?? "") ? ready!.split(" ").slice(1) : undefined;
  if (!fields) {
    holder.kill();
    await holder.exited;
    const said = (await new Response(holder.stderr).text()).trim().split("\n").at(-1);
    return said || (ready === undefined ? "no answer" : ready);
  }
  const rest = onLine
    ? (async () => {
        for await (const line of output) onLine(line);
      })()
    : output.return(undefined);
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
        await rest;
      })()),
  };
}

/** The lines a stream prints. */
async function* lines(stream: ReadableStream<Uint8Array>): AsyncGenerator<string, void> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of stream) {
    text += decoder.decode(chunk, { stream: true });
    for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n")) {
      yield text.slice(0, end);
      text = text.slice(end + 1);
    }
  }
}

/** The first line, or undefined when the output ends or `timeoutMs` passes first. */
async function firstLine(output: AsyncGenerator<string, void>, timeoutMs: number): Promise<string | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), timeoutMs)));
  try {
    const first = await Promise.race([output.next(), timeout]);
    return first && !first.done ? first.value : undefined;
  } finally {
    clearTimeout(timer);
  }
}
