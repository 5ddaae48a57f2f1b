// The DNS stand-in's wire format: a query's question read, an answer written. The stand-in answers
// in the tool commands' network namespace (src/egress/intercept.ts): an allowed name gets one
// synthetic IPv4 address (198.18.0.0/15, kept for it for the whole run), which the proxy maps back
// to the name when a connection arrives there; any other name gets NXDOMAIN. Nothing is forwarded
// to a real DNS server, so a query carries nothing out.

export interface Question {
  id: number;
  /** Lower case, without the final dot. */
  name: string;
  type: number;
  /** The question's bytes as sent (name, type, class), copied into the answer. */
  raw: Buffer;
  /** Whether the query asked for recursion (copied into the answer). */
  recursion: boolean;
}

export const TYPE_A = 1;
const RCODE_NXDOMAIN = 3;
const RCODE_FORMERR = 1;
const TTL_SECONDS = 300;

/** The one question of a standard query, or undefined for anything else (a response, several questions, a malformed name). */
export function readQuestion(packet: Buffer): Question | undefined {
  if (packet.length < 17) return undefined;
  const flags = packet.readUInt16BE(2);
  if (flags & 0x8000 || ((flags >> 11) & 15) !== 0 || packet.readUInt16BE(4) !== 1) return undefined;
  const labels: string[] = [];
  let at = 12;
  while (at < packet.length && packet[at] !== 0) {
    const length = packet[at]!;
    if (length > 63 || at + 1 + length >= packet.length) return undefined;
    labels.push(packet.toString("latin1", at + 1, at + 1 + length));
    at += 1 + length;
  }
  if (at + 5 > packet.length) return undefined;
  return {
    id: packet.readUInt16BE(0),
    name: labels.join(".").toLowerCase(),
    type: packet.readUInt16BE(at + 1),
    raw: packet.subarray(12, at + 5),
    recursion: (flags & 0x0100) !== 0,
  };
}

/** The answer to `question`: its address (an A query for an allowed name), no record (another type), or NXDOMAIN (`address` null). */
export function writeAnswer(question: Question, address: string | null | undefined): Buffer {
  const answered = address && question.type === TYPE_A;
  const rcode = address === null ? RCODE_NXDOMAIN : 0;
  const header = Buffer.alloc(12);
  header.writeUInt16BE(question.id, 0);
  header.writeUInt16BE(0x8080 | (question.recursion ? 0x0100 : 0) | rcode, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answered ? 1 : 0, 6);
  if (!answered) return Buffer.concat([header, question.raw]);
  const record = Buffer.alloc(16);
  record.writeUInt16BE(0xc00c, 0);
  record.writeUInt16BE(TYPE_A, 2);
  record.writeUInt16BE(1, 4);
  record.writeUInt32BE(TTL_SECONDS, 6);
  record.writeUInt16BE(4, 10);
  address.split(".").forEach((part, i) => record.writeUInt8(Number(part), 12 + i));
  return Buffer.concat([header, question.raw, record]);
}

/** The answer to a packet that is not a query this stand-in reads: FORMERR, when it has a header to answer. */
export function formatError(packet: Buffer): Buffer | undefined {
  if (packet.length < 12 || packet.readUInt16BE(2) & 0x8000) return undefined;
  const header = Buffer.alloc(12);
  header.writeUInt16BE(packet.readUInt16BE(0), 0);
  header.writeUInt16BE(0x8080 | RCODE_FORMERR, 2);
  return header;
}

const SYNTHETIC_BASE = (198 << 24) | (18 << 16);
const SYNTHETIC_SIZE = 1 << 17;

/** Allowed names and their synthetic addresses (198.18.0.1 onward), both ways. */
export class SyntheticNames {
  private readonly byName = new Map<string, string>();
  private readonly byAddress = new Map<string, string>();

  /** The address of `name`, given it on first sight; undefined once the range is used up. */
  addressOf(name: string): string | undefined {
    const known = this.byName.get(name);
    if (known) return known;
    const index = this.byName.size + 1;
    if (index >= SYNTHETIC_SIZE - 1) return undefined;
    const value = (SYNTHETIC_BASE + index) >>> 0;
    const address = [value >>> 24, (value >> 16) & 255, (value >> 8) & 255, value & 255].join(".");
    this.byName.set(name, address);
    this.byAddress.set(address, name);
    return address;
  }

  /** The name `address` was given to, if it is one of these. */
  nameOf(address: string): string | undefined {
    return this.byAddress.get(address);
  }
}
