// A stand-in for a system service of the runner: run as root, it listens on each Unix socket named
// on its command line (`path` or `path:owner-uid`; the socket world-writable, as D-Bus's and many
// daemons' are, its folder made where missing), prints "ready", then one line "connected <path>"
// for each connection, answering it with "hello". It ends when its stdin closes.
import { chmodSync, chownSync, mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { dirname } from "node:path";

const sockets = process.argv.slice(2).map((arg) => {
  const [path = "", owner] = arg.split(":");
  return { path, owner: owner === undefined ? undefined : Number(owner) };
});
for (const { path, owner } of sockets) {
  mkdirSync(dirname(path), { recursive: true, mode: 0o755 });
  if (owner !== undefined) chownSync(dirname(path), owner, owner);
  rmSync(path, { force: true });
  const server = createServer((connection) => {
    console.log(`connected ${path}`);
    connection.end("hello\n");
  });
  await new Promise<void>((done) => server.listen(path, done));
  chmodSync(path, 0o666);
  if (owner !== undefined) chownSync(path, owner, owner);
}
console.log("ready");
for await (const _ of Bun.stdin.stream());
for (const { path } of sockets) rmSync(path, { force: true });
process.exit(0);
