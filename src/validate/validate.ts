// The run's own change checked before it is delivered, after the agent's last turn while its tools
// are still up, as a list of rounds: the secret scan (one round to remove a finding), the self-review
// (one round for findings at review.failOn or worse), then the validation commands (validate.maxRounds
// more rounds while one fails). Each round is the same conversation going on: what was found is the
// next user message, the loops' results joined. Nothing runs when the run changed no file.
import { joinLoopResults, type LoopResult } from "../agent/loop.ts";
import type { Config } from "../config/config.ts";
import type { Git } from "../git/git.ts";
import { changeSince, type FileChange } from "./change.ts";
import type { ValidationCommands } from "./commands.ts";
import { type CommandResult, type CommandRunner, runCommands } from "./execute.ts";
import { secretRequest, validationRequest } from "./requests.ts";
import { reviewRequest, type SelfReview, type SelfReviewer } from "./self-review.ts";
import { addUsage } from "../session/entries.ts";
import { type KnownSecrets, type SecretFinding, scanForSecrets } from "./secrets.ts";

export interface CheckSetUp {
  settings: Config["validate"];
  commands?: ValidationCommands;
  git: Git;
  base: string;
  /** gitclaw's own files of the run (its session, mapping…): not the agent's change. */
  mine: (path: string) => boolean;
  runner: CommandRunner;
  /** When the run must stop working (epoch ms, by `now`): the commands stop by then too. */
  deadline?: number;
  now?: () => number;
  /** The review engine over the change as it now is (validate.review). */
  reviewer?: SelfReviewer;
  /** The run's own secret values. */
  knownSecrets: KnownSecrets;
  log: (line: string) => void;
}

export interface Validation {
  source: string;
  results: CommandResult[];
  /** Rounds the agent was given to fix a failure. */
  rounds: number;
  failed: boolean;
  /** All runs of the commands, added up. */
  durationMs: number;
}

export interface WorkChecked {
  validation?: Validation;
  /** Found after the agent's round: held back when the work lands. */
  secrets: SecretFinding[];
  review?: SelfReview;
}

type Again = (request: string) => Promise<LoopResult>;

export async function checkWork(
  setUp: CheckSetUp,
  first: LoopResult,
  again: Again,
): Promise<{ result: LoopResult; checked: WorkChecked }> {
  let result = first;
  const more = async (request: string) => {
    result = joinLoopResults(result, await again(request));
    return result.outcome === "done";
  };
  const change = await changeSince(setUp.git, setUp.base, setUp.mine);
  if (change.length === 0) return { result, checked: { secrets: [] } };
  const secrets = await secretRound(setUp, change, result.outcome === "done", more);
  const spend = (usage: SelfReview["usage"]) => {
    result = { ...result, usage: addUsage(result.usage, usage) };
  };
  const review = await reviewRound(setUp, result.outcome === "done", more, spend);
  const validation = await validationRounds(setUp, () => result.outcome === "done", more);
  return { result, checked: { secrets, ...(review ? { review } : {}), ...(validation ? { validation } : {}) } };
}

/** The scan; with a finding, one round to remove it; what remains. */
async function secretRound(
  setUp: CheckSetUp,
  change: FileChange[],
  going: boolean,
  more: (request: string) => Promise<boolean>,
): Promise<SecretFinding[]> {
  if (!setUp.settings.secretScan) return [];
  const found = await scanForSecrets(change, setUp.knownSecrets);
  if (found.length === 0) return [];
  setUp.log(`gitclaw: the change holds ${found.length} thing(s) shaped like a secret`);
  if (!going || !(await more(secretRequest(found)))) return found;
  return scanForSecrets(await changeSince(setUp.git, setUp.base, setUp.mine), setUp.knownSecrets);
}

/** The self-review; findings at review.failOn or worse go back once; what it finds after that. */
async function reviewRound(
  setUp: CheckSetUp,
  going: boolean,
  more: (request: string) => Promise<boolean>,
  spend: (usage: SelfReview["usage"]) => void,
): Promise<SelfReview | undefined> {
  if (!setUp.settings.review || !setUp.reviewer) return undefined;
  const review = async () => {
    const found = await setUp.reviewer!();
    spend(found.usage);
    setUp.log(
      `gitclaw: self-review: ${found.error ?? `${found.findings.length} finding(s), ${found.blocking.length} at review.failOn or worse`}`,
    );
    return found;
  };
  const first = await review();
  if (first.blocking.length === 0 || !going) return first;
  if (!(await more(reviewRequest(first)))) return { ...first, sentBack: true };
  return { ...(await review()), sentBack: true };
}

/** The commands; while one fails, up to validate.maxRounds more rounds, each told the failures. */
async function validationRounds(
  setUp: CheckSetUp,
  going: () => boolean,
  more: (request: string) => Promise<boolean>,
): Promise<Validation | undefined> {
  const { commands, settings } = setUp;
  if (!commands) return undefined;
  let durationMs = 0;
  const run = async () => {
    const { deadline, now } = setUp;
    const limits = {
      timeoutSeconds: settings.timeoutSeconds,
      ...(deadline ? { deadline } : {}),
      ...(now ? { now } : {}),
    };
    const results = await runCommands(commands.commands, setUp.runner, limits);
    durationMs += results.reduce((sum, one) => sum + one.durationMs, 0);
    for (const one of results) setUp.log(`gitclaw: validation: ${one.command}: ${one.passed ? "passed" : "failed"}`);
    return results;
  };
  let results = await run();
  let rounds = 0;
  while (results.some((one) => !one.passed) && rounds < settings.maxRounds && going()) {
    rounds++;
    const goesOn = await more(validationRequest(results, rounds, settings.maxRounds));
    // Whatever the round ended with, the reply states the commands as the change now is.
    results = await run();
    if (!goesOn) break;
  }
  const failed = results.some((one) => !one.passed);
  return { source: commands.source, results, rounds, failed, durationMs };
}
