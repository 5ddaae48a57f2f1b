import { describe, expect, it } from "vitest";
import { countLineBreaks, type GateSink, TailGate } from "../../../../src/tools/bash/tail-gate.ts";

const bytes = (text: string) => Buffer.from(text, "utf8");

/** Records what the gate emits: text passed through, and gaps as `<gap B/L>`. */
function recorder(): GateSink & { out: string } {
  const sink = {
    out: "",
    pass: (chunk: Uint8Array) => void (sink.out += Buffer.from(chunk).toString("latin1")),
    skip: (b: number, l: number) => void (sink.out += `<gap ${b}/${l}>`),
  };
  return sink;
}

describe("TailGate", () => {
  it("passes everything through while the output fits in pass + keep", () => {
    const gate = new TailGate({ passBytes: 10, keepBytes: 10 });
    const sink = recorder();
    gate.write(bytes("0123456789abc"), sink);
    expect(sink.out).toBe("0123456789");
    gate.write(bytes("defghij"), sink);
    gate.flush(sink);
    expect(sink.out).toBe("0123456789abcdefghij");
    expect(gate.received).toBe(20);
    expect(gate.held).toBe(0);
  });

  it("counts what falls out of the ring and resumes after a line break", () => {
    const gate = new TailGate({ passBytes: 4, keepBytes: 8 });
    const sink = recorder();
    gate.write(bytes("aaa\nbbb\nccc\nddd\neee\n"), sink);
    gate.flush(sink);
    expect(sink.out).toBe("aaa\n<gap 8/2>ddd\neee\n");
    gate.write(bytes("fff\nggggggg"), sink);
    gate.flush(sink);
    // The ring now starts inside "ggg…": it resumes after the next line break, of which there is none.
    expect(sink.out).toBe("aaa\n<gap 8/2>ddd\neee\n<gap 4/1>ggggggg");
  });

  it("cuts across a wrapped ring the same way as across one write", () => {
    const whole = new TailGate({ passBytes: 0, keepBytes: 16 });
    const pieces = new TailGate({ passBytes: 0, keepBytes: 16 });
    const [a, b] = [recorder(), recorder()];
    const text = Array.from({ length: 40 }, (_, i) => `l${i}\n`).join("");
    whole.write(bytes(text), a);
    for (let i = 0; i < text.length; i += 3) pieces.write(bytes(text.slice(i, i + 3)), b);
    whole.flush(a);
    pieces.flush(b);
    expect(b.out).toBe(a.out);
    expect(a.out.endsWith("l39\n")).toBe(true);
    const [, dropped = "", lines = ""] = /<gap (\d+)\/(\d+)>/.exec(a.out) ?? [];
    expect(Number(dropped) + a.out.replace(/<gap .*>/, "").length).toBe(text.length);
    expect(Number(lines) + countLineBreaks(bytes(a.out.replace(/<gap .*>/, "")))).toBe(40);
  });

  it("resumes after a blank in an endless line, never inside a word", () => {
    const gate = new TailGate({ passBytes: 0, keepBytes: 12 });
    const sink = recorder();
    gate.write(bytes("xxxxxxxxxxxxxxxxxxxx tokenABCDEF tail"), sink);
    gate.flush(sink);
    expect(sink.out).toMatch(/^<gap \d+\/0>tail$/);
  });

  it("resumes at a character boundary when there is neither", () => {
    const gate = new TailGate({ passBytes: 0, keepBytes: 7 });
    const sink = {
      out: [] as Uint8Array[],
      pass: (c: Uint8Array) => void sink.out.push(Uint8Array.from(c)),
      skip: () => {},
    };
    gate.write(bytes("éééééééééé"), sink);
    gate.flush(sink);
    expect(Buffer.concat(sink.out).toString("utf8")).toBe("ééé");
  });

  it("counts LF, CRLF and bare CR as one break each", () => {
    expect(countLineBreaks(bytes("a\nb\r\nc\rd"))).toBe(3);
  });
});
