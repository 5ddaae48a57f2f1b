import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTools } from "../../../../src/tools/index.ts";
import { findInterception, splitCommandSegments } from "../../../../src/tools/bash/interceptor.ts";
import { createFixture, type Fixture, findTool } from "../support.ts";

const ALL_TOOLS = new Set(["bash", "read", "write", "edit", "job"]);
const blockedBy = (command: string, tools: ReadonlySet<string> = ALL_TOOLS) => findInterception(command, tools)?.tool;

describe("splitCommandSegments", () => {
  const texts = (command: string) => splitCommandSegments(command).map((segment) => segment.text);

  it("splits on && || ; & and newlines", () => {
    expect(texts("a && b || c; d & e\nf")).toEqual(["a", "b", "c", "d", "e", "f"]);
  });

  it("does not split inside quotes, substitutions, redirections or pipes", () => {
    expect(texts(`echo "a && b; c" 'd || e'`)).toHaveLength(1);
    expect(texts("echo $(a; b && c) `d; e`")).toHaveLength(1);
    expect(texts("make 2>&1 | tee log; ls")).toEqual(["make 2>&1 | tee log", "ls"]);
    expect(texts("build |& grep error &> out")).toEqual(["build |& grep error &> out"]);
  });

  it("keeps heredoc bodies in their segment and out of the shape", () => {
    const segments = splitCommandSegments("cat <<'EOF' | wc -l\ncat secret.txt; rm -rf /\nEOF\necho done");
    expect(segments.map((segment) => segment.text)).toEqual([
      "cat <<'EOF' | wc -l\ncat secret.txt; rm -rf /\nEOF",
      "echo done",
    ]);
    expect(segments[0]?.shape).toBe("cat <<'EOF' | wc -l");
  });

  it("treats a here-string as part of its line, not as a heredoc", () => {
    expect(texts("grep x <<< 'a b'\ncat README.md")).toEqual(["grep x <<< 'a b'", "cat README.md"]);
  });

  it("masks shell syntax inside quotes in the shape", () => {
    expect(splitCommandSegments(`echo "a > b" $(c; d)`)[0]?.shape).toBe(`echo "a___b" $(c__d)`);
  });
});

describe("interceptor rules", () => {
  it.each([
    "cat README.md",
    "head -n 20 src/index.ts",
    "tail -50 build.log",
    'less "docs/guide.md"',
    "ls && cat package.json",
    "FOO=1 cat notes.txt",
  ])("sends %j to read", (command) => {
    expect(blockedBy(command)).toBe("read");
  });

  it.each([
    "git log | head -5",
    "cat a.txt b.txt > both.txt",
    "cat /etc/os-release",
    "tail -f ~/.bash_history",
    "cat",
    'echo "cat file.txt"',
    "catalog list",
  ])("lets %j run", (command) => {
    expect(blockedBy(command)).toBeUndefined();
  });

  it.each([
    "sed -i 's/a/b/' file.txt",
    "sed -i.bak -e 's/a/b/' f",
    "sed --in-place 's/a/b/' f",
    "perl -pi -e 's/a/b/' f",
    "awk -i inplace '{print}' f",
  ])("sends %j to edit", (command) => {
    expect(blockedBy(command)).toBe("edit");
  });

  it.each(["sed -n '1,5p' f", "sed -e 's/ -i //' f", "perl -e 'print 1'"])("lets %j run", (command) => {
    expect(blockedBy(command)).toBeUndefined();
  });

  it.each([
    "echo hello > out.txt",
    "printf '%s\\n' a b > list.txt",
    "cat <<EOF > config.json\n{}\nEOF",
    "cat > notes.md <<'EOF'\nhi\nEOF",
  ])("sends %j to write", (command) => {
    expect(blockedBy(command)).toBe("write");
  });

  it.each([
    "echo hi > /dev/null",
    "echo oops >&2",
    "echo line >> log.txt",
    "cat <<EOF | wc -l\na > b\nEOF",
    'echo "a > b"',
    "echo x 2> err.txt",
  ])("lets %j run", (command) => {
    expect(blockedBy(command)).toBeUndefined();
  });

  it("only applies a rule when its tool is enabled", () => {
    const withoutRead = new Set(["bash", "write", "edit"]);
    expect(blockedBy("cat README.md", withoutRead)).toBeUndefined();
    expect(blockedBy("echo x > f.txt", withoutRead)).toBe("write");
    expect(blockedBy("sed -i s/a/b/ f", new Set(["bash", "read"]))).toBeUndefined();
  });
});

describe("interceptor in the bash tool", () => {
  let fixture: Fixture;
  beforeEach(() => {
    fixture = createFixture();
    writeFileSync(join(fixture.workspace, "README.md"), "hello\n");
  });
  afterEach(() => fixture.cleanup());

  const run = (options: Parameters<typeof createTools>[0], command: string) =>
    findTool(createTools(options).tools, "bash").execute({ command }, fixture.context());

  it("blocks with a message naming the better tool and the original command", async () => {
    const result = await run({ interceptor: { enabled: true } }, "cat README.md");
    expect(result.isError).toBe(true);
    expect(result.text).toBe(
      "Blocked: Use the `read` tool to view files instead of cat/head/tail/less/more: it pages with offset/limit and describes binary files.\n\nOriginal command: cat README.md",
    );
  });

  it("is off by default", async () => {
    expect(await run({}, "cat README.md")).toMatchObject({ isError: false, text: "hello" });
  });

  it("does not block when the better tool is disabled", async () => {
    const options = { interceptor: { enabled: true }, enabled: ["bash", "write", "edit"] };
    expect(await run(options, "cat README.md")).toMatchObject({ isError: false, text: "hello" });
    expect((await run(options, "echo hi > out.txt")).text).toMatch(/^Blocked: Use the `write` tool/);
  });
});
