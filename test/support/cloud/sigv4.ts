// Checks a request's AWS Signature Version 4 as AWS does, with AWS's own signer (@smithy/signature-v4):
// the credential scope names credentials STS issued (./aws-sts.ts) and still valid, the session token
// is theirs, and the signature over the method, path, query, the signed headers and the body's hash is
// the one the secret key makes. What it refuses, it names as Bedrock does (403 with its error type).
import { Sha256 } from "@aws-crypto/sha256-js";
import { SignatureV4 } from "@smithy/signature-v4";
import type { IssuedCredentials } from "./aws-sts.ts";

export interface SignatureRefusal {
  status: number;
  type: string;
  message: string;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([A-Z0-9]+)\/(\d{8})\/([a-z0-9-]+)\/([a-z0-9-]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

const refusal = (status: number, type: string, message: string): SignatureRefusal => ({ status, type, message });

/** 20261207T061600Z → the Date it names. */
const amzDate = (value: string) =>
  new Date(value.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, "$1-$2-$3T$4:$5:$6Z"));

export type SignatureCheck = (req: Request, body: string) => Promise<SignatureRefusal | undefined>;

export function sigV4Verifier(
  find: (accessKeyId: string) => IssuedCredentials | undefined,
  service = "bedrock",
): SignatureCheck {
  return async (req, body) => {
    const parts = AUTHORIZATION.exec(req.headers.get("authorization") ?? "");
    if (!parts) return refusal(403, "MissingAuthenticationTokenException", "Missing Authentication Token");
    const [, accessKeyId, , region, scopeService, signedHeaders, signature] = parts as unknown as string[];
    const issued = find(accessKeyId!);
    if (!issued || req.headers.get("x-amz-security-token") !== issued.sessionToken)
      return refusal(403, "UnrecognizedClientException", "The security token included in the request is invalid.");
    if (issued.expiresAt < Date.now())
      return refusal(403, "ExpiredTokenException", "The security token included in the request is expired");
    if (scopeService !== service)
      return refusal(403, "InvalidSignatureException", `Credential should be scoped to correct service: '${service}'.`);
    const url = new URL(req.url);
    const headers = Object.fromEntries(
      signedHeaders!.split(";").map((name) => [name, req.headers.get(name) ?? (name === "host" ? url.host : "")]),
    );
    const signer = new SignatureV4({
      credentials: {
        accessKeyId: accessKeyId!,
        secretAccessKey: issued.secretAccessKey,
        sessionToken: issued.sessionToken,
      },
      region: region!,
      service,
      sha256: Sha256,
      applyChecksum: false,
    });
    const signed = await signer.sign(
      {
        method: req.method,
        protocol: url.protocol,
        hostname: url.hostname,
        port: Number(url.port),
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers,
        body,
      },
      { signingDate: amzDate(req.headers.get("x-amz-date") ?? "") },
    );
    const expected = /Signature=([0-9a-f]{64})/.exec(String(signed.headers.authorization))?.[1];
    if (expected !== signature)
      return refusal(
        403,
        "InvalidSignatureException",
        "The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method.",
      );
    return undefined;
  };
}
