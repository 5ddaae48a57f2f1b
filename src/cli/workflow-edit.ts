// Updates an existing gitclaw workflow in place: only what init manages (the gitclaw step's `uses:`,
// the inputs it needs, the `on:` events and permissions it needs, and the job's `if:` while it is
// still the one init wrote), each change with its reason. The file is parsed with yaml's Document
// API to find the nodes, and changed by splicing the text at their offsets: every other byte, the
// user's comments, formatting, env and secrets included, stays as it is. Nothing is ever removed but
// a workflow-level `concurrency`, which moves to gitclaw's job (see moveConcurrency).
import { isMap, isScalar, isSeq, parseDocument, type Node, type Pair, type YAMLMap } from "yaml";
import { WORKFLOW_FILE } from "../config/paths.ts";
import {
  ACTION,
  ACTION_REPOSITORY,
  findGitclawStep,
  PERMISSION_LEVEL,
  prefilter,
  prefilterBeforePullRequests,
  workflowEvents,
  choicePermissions,
  REQUIRED_PERMISSIONS,
  TOOL_PERMISSIONS,
  describeTrigger,
  sameExpression,
  scalar,
  type Choices,
} from "./workflow.ts";

/** An input gitclaw's step should have. */
export interface InputWant {
  name: string;
  value: string;
  /** Why it is wanted, for the report. */
  why: string;
  /** Set it even where the step has another value (the user chose it on the command line). */
  replace: boolean;
  /** Other inputs (`with:`) or variables (`env:`) that already serve the purpose, e.g. api_key for a key. */
  servedBy?: { with?: string[]; env?: string[] };
}

export interface WorkflowUpdate {
  text: string;
  /** What changed and why, one line each. */
  changes: string[];
  /** What init left alone although it would have written something else, and why. */
  notes: string[];
}

export class WorkflowError extends Error {
  override name = "WorkflowError";
}

const PERMISSION_REASONS: Record<string, string> = {
  contents: "gitclaw pushes its commits",
  issues: "gitclaw reacts and replies on issues",
  "pull-requests": "gitclaw replies in review threads and opens pull requests",
  actions: "gitclaw reads the logs of failed CI runs (trigger mode ci, run_watch)",
  "actions: write": "gitclaw starts workflow runs (ci.dispatch, tasks on Actions runners)",
  checks: "trigger mode review reports each review as a check run",
  statuses: "approvals.required sets the gitclaw/approval commit status",
};

/** Text edits at offsets of the original, applied together so that earlier ones do not move later ones. */
class Splice {
  private readonly edits: { at: number; end: number; text: string }[] = [];
  constructor(readonly text: string) {}

  replace(range: readonly number[], text: string): void {
    this.edits.push({ at: range[0]!, end: range[1]!, text });
  }

  insert(at: number, text: string): void {
    this.edits.push({ at, end: at, text });
  }

  apply(): string {
    const edits = this.edits.map((edit, order) => ({ ...edit, order }));
    edits.sort((a, b) => a.at - b.at || a.order - b.order);
    let out = "";
    let position = 0;
    for (const edit of edits) {
      out += this.text.slice(position, edit.at) + edit.text;
      position = edit.end;
    }
    return out + this.text.slice(position);
  }

  column(offset: number): number {
    return offset - (this.text.lastIndexOf("\n", offset - 1) + 1);
  }

  lineEnd(offset: number): number {
    const end = this.text.indexOf("\n", offset);
    return end < 0 ? this.text.length : end;
  }
}

const start = (node: Node | Pair["key"]) => (node as Node).range![0];

/**
 * Adds pairs at the end of a map, in its style (block or flow). Each pair is its first line and the
 * lines nested under it, indented by two.
 */
function addPairs(edit: Splice, map: YAMLMap, pairs: string[][]): void {
  if (pairs.length === 0) return;
  if (map.flow) {
    const last = map.items.at(-1);
    const at = last ? ((last.value as Node | null)?.range?.[1] ?? (last.key as Node).range![1]) : map.range![0] + 1;
    const text = pairs.map(([head, ...nested]) =>
      nested.length > 0 ? `${head} { ${nested.map((line) => line.trim()).join(", ")} }` : head,
    );
    edit.insert(at, `${last ? ", " : ""}${text.join(", ")}`);
    return;
  }
  const indent = " ".repeat(edit.column(start(map.items[0]!.key)));
  const body = pairs
    .flat()
    .map((line) => indent + line)
    .join("\n");
  const end = map.range![1];
  edit.insert(end, edit.text[end - 1] === "\n" ? `${body}\n` : `\n${body}`);
}

/** Adds lines under a key whose value is empty (`with:` and nothing else). */
function fillEmptyPair(edit: Splice, key: Node, lines: string[]): void {
  const indent = " ".repeat(edit.column(key.range![0]) + 2);
  edit.insert(edit.lineEnd(key.range![1]), lines.map((line) => `\n${indent}${line}`).join(""));
}

/** Appends items to a sequence (flow or block), or turns a single scalar into a list. */
function addItems(edit: Splice, node: Node, items: string[]): void {
  if (isSeq(node) && node.flow) {
    const last = node.items.at(-1) as Node | undefined;
    edit.insert(last ? last.range![1] : node.range![0] + 1, `${last ? ", " : ""}${items.join(", ")}`);
  } else if (isSeq(node)) {
    const first = node.items[0] as Node;
    const prefix = edit.text.slice(edit.text.lastIndexOf("\n", first.range![0]) + 1, first.range![0]);
    const end = node.range![1];
    const body = items.map((item) => prefix + item).join("\n");
    edit.insert(end, edit.text[end - 1] === "\n" ? `${body}\n` : `\n${body}`);
  } else edit.replace(node.range!, `[${[String((node as { value?: unknown }).value), ...items].join(", ")}]`);
}

const pairOf = (map: YAMLMap, key: string) => map.items.find((pair) => isScalar(pair.key) && pair.key.value === key);
const isEmpty = (node: unknown) => node == null || (isScalar(node) && (node.value ?? "") === "");

/** Sets a map's `key` to `lines` where it is missing, or fills it in where it is empty. */
function ensurePair(edit: Splice, map: YAMLMap, key: string, nested: string[]): void {
  const pair = pairOf(map, key);
  if (pair && isEmpty(pair.value)) fillEmptyPair(edit, pair.key as Node, nested);
  else addPairs(edit, map, [[`${key}:`, ...nested.map((line) => `  ${line}`)]]);
}

export function updateWorkflow(text: string, want: { choices: Choices; previous: Choices; inputs: InputWant[] }) {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) throw new WorkflowError(`${WORKFLOW_FILE} is not valid YAML: ${doc.errors[0]!.message}`);
  const found = findGitclawStep(doc);
  if (!found) throw new WorkflowError(`${WORKFLOW_FILE} has no step that uses gitclaw (uses: ${ACTION})`);
  const edit = new Splice(text);
  const update: WorkflowUpdate = { text, changes: [], notes: [] };
  updateUses(edit, found.step, update);
  updateInputs(edit, found.step, want.inputs, update);
  updateEvents(edit, doc.contents as YAMLMap, want.choices, update);
  updatePermissions(edit, doc.contents as YAMLMap, found.job, update, want.choices);
  updatePrefilter(edit, found.job, want, update);
  moveConcurrency(edit, doc.contents as YAMLMap, found.job, update);
  return { ...update, text: edit.apply() };
}

/** Moves a major-version tag of gitclaw's own repository to this release; pins and forks stay. */
function updateUses(edit: Splice, step: YAMLMap, update: WorkflowUpdate): void {
  const node = step.get("uses", true) as Node;
  const uses = String((node as { value?: unknown }).value).trim();
  if (uses === ACTION || uses === "./") return;
  const [repository, ref = ""] = uses.split("@");
  if (repository?.toLowerCase() !== ACTION_REPOSITORY || !/^v\d+$/.test(ref)) {
    update.notes.push(`kept uses: ${uses} (pinned or a fork); this release is ${ACTION}`);
    return;
  }
  edit.replace(node.range!, scalar(ACTION, step.flow));
  update.changes.push(`uses: ${uses} → ${ACTION} (this release of gitclaw)`);
}

function updateInputs(edit: Splice, step: YAMLMap, wants: InputWant[], update: WorkflowUpdate): void {
  const inputs = step.get("with", true);
  const env = step.get("env", true);
  const has = (map: unknown, name: string) => isMap(map) && !isEmpty(map.get(name, true));
  const missing: InputWant[] = [];
  for (const want of wants) {
    const present = isMap(inputs) ? (inputs.get(want.name, true) as Node | undefined) : undefined;
    const current = isScalar(present) ? String(present.value ?? "") : undefined;
    if (current !== undefined && current.trim() !== "") {
      if (!want.replace || current.trim() === want.value) continue;
      edit.replace(present!.range!, scalar(want.value, isMap(inputs) && inputs.flow));
      update.changes.push(`with.${want.name}: ${current.trim()} → ${want.value} (${want.why})`);
      continue;
    }
    const served = [
      ...(want.servedBy?.with ?? []).filter((name) => has(inputs, name)).map((name) => `with.${name}`),
      ...(want.servedBy?.env ?? []).filter((name) => has(env, name)).map((name) => `env.${name}`),
    ];
    if (served.length === 0) missing.push(want);
  }
  if (missing.length === 0) return;
  const lines = missing.map((want) => `${want.name}: ${scalar(want.value, isMap(inputs) && inputs.flow)}`);
  if (isMap(inputs))
    addPairs(
      edit,
      inputs,
      lines.map((line) => [line]),
    );
  else ensurePair(edit, step, "with", lines);
  for (const want of missing) update.changes.push(`with.${want.name}: added ${want.value} (${want.why})`);
}

/** Adds the events and activity types the trigger modes need; the ones there stay, whatever they are. */
function updateEvents(edit: Splice, root: YAMLMap, choices: Choices, update: WorkflowUpdate): void {
  const wanted = workflowEvents(choices.trigger.modes, choices.approvalStatus);
  const on = root.get("on", true) as Node | undefined;
  if (!on || !isMap(on)) {
    const events = isSeq(on) ? on.items.map((item) => String((item as { value?: unknown }).value)) : [];
    if (isScalar(on)) events.push(String(on.value));
    // A list of events (or one) takes every activity type: only absent events are missing. workflow_run
    // needs the workflows it follows, which a list cannot say.
    const absent = wanted.filter(({ event, workflows }) => !events.includes(event) && !workflows);
    if (on && absent.length > 0) {
      addItems(
        edit,
        on,
        absent.map(({ event }) => event),
      );
      for (const { event, why } of absent) update.changes.push(`on: added ${event} (${why})`);
    }
    if (wanted.some(({ event, workflows }) => workflows && !events.includes(event)))
      update.notes.push("on: is a list, so init did not add workflow_run (trigger mode ci): write on: as a map");
    return;
  }
  const absentEvents = wanted.filter(({ event }) => !pairOf(on, event));
  addPairs(
    edit,
    on,
    absentEvents.map(({ event, types, workflows }) => [
      `${event}:`,
      ...(workflows ? [`  workflows: [${workflows.map((name) => JSON.stringify(name)).join(", ")}]`] : []),
      `  types: [${types.join(", ")}]`,
    ]),
  );
  for (const { event, types, why } of absentEvents)
    update.changes.push(`on.${event}: added types ${types.join(", ")} (${why})`);
  for (const { event, types, why } of wanted) {
    const pair = pairOf(on, event);
    if (!pair) continue;
    // No `types:` means every activity type.
    const node = isMap(pair.value) ? (pair.value.get("types", true) as Node | undefined) : undefined;
    if (!node) continue;
    const present = isSeq(node)
      ? node.items.map((item) => String((item as { value?: unknown }).value))
      : [String((node as { value?: unknown }).value)];
    const absent = types.filter((type) => !present.includes(type));
    if (absent.length === 0) continue;
    addItems(edit, node, absent);
    update.changes.push(`on.${event}.types: added ${absent.join(", ")} (${why})`);
  }
}

/** The job's own permissions decide where it has them; else the workflow's. Adds what is missing, raises what is too low. */
function updatePermissions(edit: Splice, root: YAMLMap, job: YAMLMap, update: WorkflowUpdate, choices: Choices): void {
  const own = job.get("permissions", true) as Node | undefined;
  const where = own ? "the job's permissions" : "permissions";
  const node = own ?? (root.get("permissions", true) as Node | undefined);
  const wanted = { ...REQUIRED_PERMISSIONS, ...TOOL_PERMISSIONS, ...choicePermissions(choices) };
  if (!node) {
    const jobs = pairOf(root, "jobs")!;
    const lines = Object.entries(wanted).map(([scope, level]) => `  ${scope}: ${level}`);
    edit.insert(lineStartAbove(edit, start(jobs.key)), `permissions:\n${lines.join("\n")}\n\n`);
    update.changes.push(`permissions: added ${describe(wanted)} (least privilege for what gitclaw does)`);
    return;
  }
  if (!isMap(node)) {
    const value = String((node as { value?: unknown }).value);
    if (value !== "write-all")
      update.notes.push(`kept ${where}: ${value}; gitclaw needs ${describe(wanted)} (${WORKFLOW_FILE})`);
    return;
  }
  const absent: string[][] = [];
  for (const [scope, level] of Object.entries(wanted)) {
    const present = node.get(scope, true) as Node | undefined;
    const current = isScalar(present) ? String(present.value) : undefined;
    const why = PERMISSION_REASONS[`${scope}: ${level}`] ?? PERMISSION_REASONS[scope]!;
    if (current === undefined) {
      absent.push([`${scope}: ${level}`]);
      update.changes.push(`${where}: added ${scope}: ${level} (${why})`);
    } else if ((PERMISSION_LEVEL[current] ?? 0) >= PERMISSION_LEVEL[level]!) continue;
    // ci.dispatch is asked for by name (--ci-dispatch): dispatching needs the level, so it is raised.
    else if (scope in REQUIRED_PERMISSIONS || (scope === "actions" && choices.ciDispatch?.length)) {
      edit.replace(present!.range!, level);
      update.changes.push(`${where}: ${scope}: ${current} → ${level} (${why})`);
    } else update.notes.push(`kept ${where}: ${scope}: ${current} (yours; ${why} with ${level})`);
  }
  if (absent.length > 0) addPairs(edit, node, absent);
}

const describe = (permissions: Record<string, string>) =>
  Object.entries(permissions)
    .map(([scope, level]) => `${scope}: ${level}`)
    .join(", ");

/** Where to put a new top-level key before `key`: above the comment lines that belong to it. */
function lineStartAbove(edit: Splice, offset: number): number {
  let at = edit.text.lastIndexOf("\n", offset - 1) + 1;
  while (at > 0) {
    const previous = edit.text.lastIndexOf("\n", at - 2) + 1;
    if (!edit.text.slice(previous, at).trimStart().startsWith("#")) break;
    at = previous;
  }
  return at;
}

/** The job's `if:` follows the trigger modes while it is the one init wrote; an edited one is the user's. */
function updatePrefilter(
  edit: Splice,
  job: YAMLMap,
  want: { choices: Choices; previous: Choices },
  update: WorkflowUpdate,
): void {
  const wanted = prefilter(want.choices.trigger, want.choices.approvalStatus);
  const node = job.get("if", true) as Node | undefined;
  const current = isScalar(node) ? String(node.value) : undefined;
  if (current === undefined) {
    update.notes.push("kept the job without if: every issue event starts a runner, and the guard decides");
    return;
  }
  if (sameExpression(current, wanted)) return;
  const ours = [
    prefilter(want.previous.trigger, true),
    prefilter(want.previous.trigger),
    prefilterBeforePullRequests(want.previous.trigger),
  ];
  if (!ours.some((written) => sameExpression(current, written))) {
    update.notes.push(
      `kept the job's if: (edited by you); for ${describeTrigger(want.choices.trigger)} gitclaw writes:\n${wanted}`,
    );
    return;
  }
  const indent = " ".repeat(edit.column(start(pairOf(job, "if")!.key)) + 2);
  const block = `>-\n${wanted.replace(/^/gm, indent)}`;
  edit.replace(node!.range!, edit.text[node!.range![1] - 1] === "\n" ? `${block}\n` : block);
  const approvals = want.choices.approvalStatus ? ", reviews and /approve (approvals.required)" : "";
  update.changes.push(`the job's if: the prefilter for ${describeTrigger(want.choices.trigger)}${approvals}`);
}

/**
 * A workflow-level `concurrency` moves to gitclaw's job, as written, its comment lines with it: GitHub
 * puts every run in the workflow's group before the job's `if:` is evaluated, so an outsider's run the
 * prefilter skips would still cancel a collaborator's run pending in the group. A job never joins.
 */
function moveConcurrency(edit: Splice, root: YAMLMap, job: YAMLMap, update: WorkflowUpdate): void {
  const pair = pairOf(root, "concurrency");
  if (!pair) return;
  if (pairOf(job, "concurrency")) {
    update.notes.push(
      "kept the workflow's concurrency: (gitclaw's job has its own); an outsider's skipped run joins the workflow's group and can cancel a collaborator's pending run",
    );
    return;
  }
  const from = lineStartAbove(edit, start(pair.key));
  const valueEnd = (pair.value as Node | null)?.range?.[1] ?? (pair.key as Node).range![1];
  let to = edit.text[valueEnd - 1] === "\n" ? valueEnd : Math.min(edit.lineEnd(valueEnd) + 1, edit.text.length);
  const block = edit.text.slice(from, to).trimEnd();
  while (edit.text[to] === "\n") to++;
  edit.replace([from, to], "");
  const before = pairOf(job, "runs-on") ?? job.items[0]!;
  const indent = " ".repeat(edit.column(start(before.key)));
  edit.insert(lineStartAbove(edit, start(before.key)), `${block.replace(/^(?=.)/gm, indent)}\n`);
  update.changes.push(
    "concurrency: moved from the workflow to the job (a run the job's if: skips, such as an outsider's comment, then never joins the group, so it cannot cancel a collaborator's pending run)",
  );
}
