// MCP over stdio to a server started as a tool command: the same launch as bash's (launchAs, as the
// sandbox's user, in its view of the workspace), its own process group, the tool environment with
// only the variables the declaration gives it. The SDK's own stdio transport spawns as the agent
// with the agent's environment, so it is not used; its message framing is.
import { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { launchAs, signalGroup } from "../tools/bash/process.ts";
import type { RunAs } from "../tools/types.ts";

/** A message larger than this ends the connection (the SDK's default is 10 MB). */
const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;
/** What is kept of the server's stderr, for the note when it fails. */
const STDERR_TAIL = 2048;
const STOP_GRACE_MS = 2_000;

export interface StdioLaunch {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
  runAs?: RunAs;
}

export class SandboxedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  #process?: Bun.Subprocess<"pipe", "pipe", "pipe">;
  #buffer = new ReadBuffer({ maxBufferSize: MAX_MESSAGE_BYTES });
  #stderr = "";
  #closed = false;

  constructor(private readonly launch: StdioLaunch) {}

  /** The last lines the server wrote to stderr (not redacted: the caller redacts). */
  get stderrTail(): string {
    return this.#stderr.trim();
  }

  async start(): Promise<void> {
    const { command, args, env, cwd, runAs } = this.launch;
    const launch = launchAs(runAs, [command, ...args], env, cwd);
    this.#process = Bun.spawn([launch.file, ...launch.args], {
      cwd,
      env: launch.env,
      detached: true,
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
    });
    void this.#read(this.#process.stdout, (chunk) => this.#onStdout(chunk));
    void this.#read(this.#process.stderr, (chunk) => {
      this.#stderr = (this.#stderr + new TextDecoder().decode(chunk)).slice(-STDERR_TAIL);
    });
    void this.#process.exited.then(() => this.#ended());
  }

  async #read(stream: ReadableStream<Uint8Array>, onChunk: (chunk: Uint8Array) => void): Promise<void> {
    try {
      for await (const chunk of stream) onChunk(chunk);
    } catch {
      // The process is gone: `exited` reports it.
    }
  }

  #onStdout(chunk: Uint8Array): void {
    try {
      this.#buffer.append(Buffer.from(chunk));
      for (let message = this.#buffer.readMessage(); message; message = this.#buffer.readMessage())
        this.onmessage?.(message);
    } catch (error) {
      this.onerror?.(error as Error);
      void this.close();
    }
  }

  #ended(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#process?.stdin;
    if (!stdin || this.#closed) throw new Error("the server is not running");
    stdin.write(serializeMessage(message));
    await stdin.flush();
  }

  /** Ends the server's whole process group: stdin closed, SIGTERM, then SIGKILL. */
  async close(): Promise<void> {
    const running = this.#process;
    if (!running || running.exitCode !== null || running.signalCode !== null) return this.#ended();
    try {
      await running.stdin.end();
    } catch {
      // Already closed.
    }
    signalGroup(running.pid, "SIGTERM", this.launch.runAs);
    const killed = setTimeout(() => signalGroup(running.pid, "SIGKILL", this.launch.runAs), STOP_GRACE_MS);
    await Promise.race([running.exited, Bun.sleep(STOP_GRACE_MS * 2)]);
    clearTimeout(killed);
    this.#ended();
  }
}
