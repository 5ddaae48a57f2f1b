// A push the remote refused for good, read as GitHub words it on git's stderr (`remote:` lines): a
// ruleset's `GH013: Repository rule violations found for refs/heads/<b>.` with one `- …` line per
// violation, classic protection's `GH006: Protected branch update failed for refs/heads/<b>.` with its
// reason on the next `error:` line, or any other hook's or server's word, said in one line.

/** git's output without its `remote:` prefixes and `error:` labels, one trimmed line each. */
function remoteLines(output: string): string[] {
  return output
    .split("\n")
    .map((line) =>
      line
        .replace(/^remote:\s?/, "")
        .replace(/^error:\s*/, "")
        .trim(),
    )
    .filter(Boolean);
}

/** The first thing the remote itself said (a hook's message), if anything. */
function remoteSaid(output: string): string | undefined {
  const said = output.split("\n").find((line) => /^remote:\s*\S/.test(line));
  return said && remoteLines(said)[0];
}

/** The refusal in one line, e.g. `GH013: Repository rule violations found for refs/heads/main: Changes must be made through a pull request.` */
export function refusalLine(output: string, fallback: string): string {
  const lines = remoteLines(output);
  const at = lines.findIndex((line) => /^GH0\d\d: /.test(line));
  if (at < 0) return remoteSaid(output) ?? fallback;
  const head = lines[at]!.replace(/\.$/, "");
  const reasons = head.startsWith("GH013")
    ? lines
        .slice(at + 1)
        .filter((line) => line.startsWith("- "))
        .map((line) => line.slice(2))
    : lines.slice(at + 1, at + 2).filter((line) => !line.startsWith("!") && !line.startsWith("To "));
  return reasons.length ? `${head}: ${reasons.join(" ")}` : `${head}.`;
}
