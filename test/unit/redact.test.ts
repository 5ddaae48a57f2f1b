import { Buffer } from "node:buffer";
import { describe, expect, it } from "vitest";
import { MIN_SECRET_LENGTH, REDACTED, createRedactor } from "../../src/redact.ts";

// Every credential-looking value is assembled at runtime so no such literal is committed.
// TOKEN has no known token shape: it can only be caught because the redactor knows its value.
const TOKEN = `fake${"Q7".repeat(10)}value`;
const b64 = (text: string) => Buffer.from(text).toString("base64");
const b64url = (text: string) => Buffer.from(text).toString("base64url");
const b64urlPadded = (text: string) => b64(text).replace(/\+/g, "-").replace(/\//g, "_");

describe("known secret values", () => {
  const redact = createRedactor([TOKEN, undefined, "", "short"]);

  it("redacts the raw value", () => {
    expect(redact(`token=${TOKEN} and again ${TOKEN}.`)).toBe(`token=${REDACTED} and again ${REDACTED}.`);
  });

  it("ignores values shorter than MIN_SECRET_LENGTH (they would blank out ordinary words)", () => {
    expect("short".length).toBeLessThan(MIN_SECRET_LENGTH);
    expect(redact("a short note")).toBe("a short note");
  });

  it("trims surrounding whitespace from a registered value", () => {
    expect(createRedactor([`${TOKEN}\n`])(`x ${TOKEN} y`)).toBe(`x ${REDACTED} y`);
  });

  it("picks up values added after first use", () => {
    const late = createRedactor();
    const other = `another${"Z".repeat(12)}`;
    expect(late(other)).toBe(other);
    late.add(other);
    expect(late(`[${other}]`)).toBe(`[${REDACTED}]`);
  });

  it("redacts the checkout extraheader printed by `git config --list`", () => {
    const header = b64(`x-access-token:${TOKEN}`);
    const output = [
      "core.bare=false",
      "remote.origin.url=https://github.com/octo/repo",
      `http.https://github.com/.extraheader=AUTHORIZATION: basic ${header}`,
      "branch.main.remote=origin",
    ].join("\n");
    const redacted = redact(output);
    expect(redacted).not.toContain(header);
    expect(redacted).toContain(`extraheader=AUTHORIZATION: basic ${REDACTED}\n`);
    expect(redacted).toContain("remote.origin.url=https://github.com/octo/repo");
  });

  it("redacts the whole base64 of x-access-token:<value> printed on its own", () => {
    expect(redact(`encoded: ${b64(`x-access-token:${TOKEN}`)}\n`)).toBe(`encoded: ${REDACTED}\n`);
  });

  it("redacts base64 and base64url of the value, padded or not", () => {
    // Three lengths: no padding, "=" and "==".
    for (const value of [TOKEN, `${TOKEN}A`, `${TOKEN}AB`]) {
      const unpadded = b64(value).replace(/=+$/, "");
      const encoded = [b64(value), unpadded, b64url(value), b64urlPadded(value)];
      const redactValue = createRedactor([value]);
      for (const form of encoded) expect(redactValue(`<${form}>`)).toBe(`<${REDACTED}>`);
    }
    // A value whose encodings differ between the two alphabets.
    const slashy = `?>?>?>${TOKEN}`;
    expect(b64(slashy)).toMatch(/[+/]/);
    const redactSlashy = createRedactor([slashy]);
    for (const form of [b64(slashy), b64url(slashy), b64(`x-access-token:${slashy}`)]) {
      expect(redactSlashy(form)).toBe(REDACTED);
    }
  });

  it("finds the value's base64 at every byte alignment inside a longer base64 string", () => {
    for (const prefix of ["u:", "us:", "use:", "user:"]) {
      for (const suffix of ["", "!", "!!", "!!!"]) {
        const encoded = b64(`${prefix}${TOKEN}${suffix}`);
        const redacted = redact(encoded);
        expect(redacted).toContain(REDACTED);
        // Only the encoded neighbours remain, plus a character or two mixing in both sides.
        const neighbours = Math.ceil(((prefix.length + suffix.length) * 4) / 3);
        expect(redacted.replace(REDACTED, "").length).toBeLessThanOrEqual(neighbours + 4);
      }
    }
  });

  it("redacts the URL-encoded form of a value in a URL", () => {
    const password = `p@ss/w0rd:${"z".repeat(8)}`;
    const redactPassword = createRedactor([password]);
    const url = `https://user:${encodeURIComponent(password)}@example.com/repo.git`;
    expect(redactPassword(`cloning ${url}`)).toBe(`cloning https://user:${REDACTED}@example.com/repo.git`);
  });

  it("redacts the JSON-escaped form written into session files", () => {
    const multiline = 'line one "quoted"\nline two';
    const line = JSON.stringify({ role: "toolResult", text: `env: ${multiline}` });
    expect(createRedactor([multiline])(line)).toBe(JSON.stringify({ role: "toolResult", text: `env: ${REDACTED}` }));
  });

  it("redacts base64 broken into lines anywhere: `base64`'s 76 columns, CRLF, JSON's \\n", () => {
    const value = "postgres://app:s3cret-Passw0rd-xyz@db.internal:5432/widgets";
    const encoded = Buffer.from(`${value}\n`).toString("base64");
    const wrapped = encoded.match(/.{1,76}/g)!.join("\n");
    expect(wrapped).toContain("\n");
    const redactValue = createRedactor([value]);
    expect(redactValue(wrapped)).not.toMatch(/cG9zdGdyZXM6|d2lkZ2V0/);
    expect(redactValue(JSON.stringify(wrapped))).toContain(REDACTED);
    expect(redactValue(encoded.match(/.{1,10}/g)!.join("\r\n"))).toMatch(/^\[REDACTED\]\S{0,4}$/);
    // Only line breaks may interrupt it: other text between its characters is not the value.
    expect(redactValue(encoded.slice(0, 40).split("").join("n"))).not.toContain(REDACTED);
  });

  it("escapes regex metacharacters in values", () => {
    const value = "a.b*c+d?(e)[f]{g}|h^$\\";
    const redactValue = createRedactor([value]);
    expect(redactValue(`x${value}y`)).toBe(`x${REDACTED}y`);
    expect(redactValue("aXbXXc+d")).toBe("aXbXXc+d");
  });
});

describe("token shapes without a known value", () => {
  const redact = createRedactor();
  const alnum36 = "aB3".repeat(12);

  it.each(["ghp_", "gho_", "ghu_", "ghs_", "ghr_"])("redacts GitHub %s tokens", (prefix) => {
    expect(redact(`GH_TOKEN=${prefix}${alnum36} rest`)).toBe(`GH_TOKEN=${REDACTED} rest`);
  });

  it("redacts fine-grained PATs", () => {
    const pat = `github_pat_11ABCDE0Y${"_x".repeat(20)}`;
    expect(redact(`use ${pat}`)).toBe(`use ${REDACTED}`);
  });

  it("redacts Anthropic and OpenAI keys", () => {
    const keys = [`sk-ant-api03-${"Ab1-_".repeat(18)}`, `sk-proj-${"Zy9_".repeat(20)}`, `sk-${"A1b2".repeat(12)}`];
    for (const key of keys) expect(redact(`key: "${key}"`)).toBe(`key: "${REDACTED}"`);
  });

  it("redacts AWS access key ids", () => {
    const ids = `AKIA${"ABCDEFGH23456789"} ASIA${"Z".repeat(16)}`;
    expect(redact(ids)).toBe(`${REDACTED} ${REDACTED}`);
  });

  it("redacts Slack tokens", () => {
    expect(redact(`xoxb-${"1234567890"}-${"abcdefABCDEF"}`)).toBe(REDACTED);
  });

  it("redacts JWTs", () => {
    const header = b64url('{"alg":"HS256","typ":"JWT"}');
    const jwt = [header, b64url('{"sub":"1234567890"}'), "s1gn4tur3_-x"].join(".");
    expect(jwt.startsWith("eyJ")).toBe(true);
    expect(redact(`id_token=${jwt}&x=1`)).toBe(`id_token=${REDACTED}&x=1`);
  });

  it("redacts PEM private key blocks, including one cut off by truncation", () => {
    const body = `MIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n${"A".repeat(64)}\n`;
    const pem = `-----BEGIN RSA PRIVATE KEY-----\n${body}-----END RSA PRIVATE KEY-----`;
    expect(redact(`key:\n${pem}\nafter`)).toBe(`key:\n${REDACTED}\nafter`);
    const openssh = `-----BEGIN OPENSSH PRIVATE KEY-----\n${body}`;
    expect(redact(`cat id:\n${openssh}`)).toBe(`cat id:\n${REDACTED}`);
    const pgp = `-----BEGIN PGP PRIVATE KEY BLOCK-----\n${body}-----END PGP PRIVATE KEY BLOCK-----`;
    expect(redact(`${pgp}\n`)).toBe(`${REDACTED}\n`);
  });

  it("redacts Authorization header values, keeping the header name and scheme", () => {
    const value = b64(`x-access-token:${`unknown${"9".repeat(20)}`}`);
    expect(redact(`extraheader=AUTHORIZATION: basic ${value}`)).toBe(`extraheader=AUTHORIZATION: basic ${REDACTED}`);
    expect(redact(`curl -H "Authorization: Bearer abc.def-ghi_${"j".repeat(8)}" url`)).toBe(
      `curl -H "Authorization: Bearer ${REDACTED}" url`,
    );
    expect(redact(`{"authorization":"token ${"k".repeat(12)}"}`)).toBe(`{"authorization":"token ${REDACTED}"}`);
  });

  it("is idempotent", () => {
    const text = `ghp_${alnum36} Authorization: bearer ${"x".repeat(20)}`;
    expect(redact(redact(text))).toBe(redact(text));
  });
});

describe("ordinary text survives", () => {
  const redact = createRedactor([TOKEN]);

  it.each([
    ["prose", "Please update the task-list and the risk-assessment-for-the-quarter document."],
    ["a git SHA", "commit 3f1c9a2b7e4d6f8091a2b3c4d5e6f708192a3b4c (HEAD -> main)"],
    ["a UUID", "request 550e8400-e29b-41d4-a716-446655440000 failed"],
    ["code", 'const sk = "x"; if (task-skill) { mask-key(); } // ghp_short\nfn eyJ() {}'],
    ["an SRI hash", "integrity sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DG"],
    ["a header without a credential", "Authorization: required for this endpoint"],
    ["words near token prefixes", "MASKIA ghp is the ghp_ prefix; xoxb- alone; sk-learn"],
  ])("leaves %s unchanged", (_label, text) => {
    expect(redact(text)).toBe(text);
  });
});

describe("efficiency", () => {
  it("handles a 1 MB string in one pass", () => {
    const others = Array.from({ length: 20 }, (_, i) => `other${TOKEN}${i}`);
    const many = createRedactor([TOKEN, ...others]);
    const line = "ordinary log line 3f1c9a2b7e4d6f8091a2b3c4d5e6f708192a3b4c task-list\n";
    const text = line.repeat(Math.ceil(1_000_000 / line.length)) + TOKEN;
    const redacted = many(text);
    expect(redacted.endsWith(REDACTED)).toBe(true);
    expect(redacted.length).toBe(text.length - TOKEN.length + REDACTED.length);
  });
});

describe("known values only (shapes: false), for the repository's own files", () => {
  it("redacts the values and leaves token-shaped content as it is", () => {
    const files = createRedactor([TOKEN], { shapes: false });
    const fixture = "Authorization: Bearer abcdefghijklmnop; sk-ant-fixture0123456789abcdef";
    expect(files(`//registry/:_authToken=${TOKEN}\n${fixture}`)).toBe(`//registry/:_authToken=${REDACTED}\n${fixture}`);
    expect(createRedactor([], { shapes: false })(fixture)).toBe(fixture);
  });
});
