// The `model` of a custom agent's front matter as a model gitclaw runs: `provider/model` with a
// provider gitclaw knows (built in, a cloud one, or declared in the configuration), Claude Code's aliases (sonnet,
// opus, haiku, inherit) and Copilot's display names ("Claude Sonnet 4.5", "GPT-4.1 (copilot)") for
// models of the catalogue. Anything else is refused with what is accepted.
import { inCatalogue } from "../agent/catalog.ts";
import { BUILT_IN, CLOUD_PROVIDERS } from "../agent/model.ts";

const ALIASES: Record<string, string> = {
  sonnet: "anthropic/claude-sonnet-4-5",
  opus: "anthropic/claude-opus-4-5",
  haiku: "anthropic/claude-haiku-4-5",
};

/** Providers whose model ids the catalogue must know: their APIs refuse any other. */
const CATALOGUED = new Set(["anthropic", "openai"]);

export interface ModelChoices {
  /** Providers declared under "providers" in the configuration. */
  providers: readonly string[];
  /** Models the configuration describes under "models" (`provider/model` or a bare id). */
  models: readonly string[];
}

/** The agent's model as `provider/model`, undefined for the run's own (inherit, none), or why not. */
export function agentModel(raw: unknown, choices: ModelChoices): { model?: string } | { reason: string } {
  if (raw === undefined || raw === null || raw === "" || raw === "inherit") return {};
  if (typeof raw !== "string") return { reason: `model must be a string such as anthropic/claude-sonnet-4-5` };
  const spec = ALIASES[raw] ?? fromDisplayName(raw);
  const providers = [...Object.keys(BUILT_IN), ...CLOUD_PROVIDERS, ...choices.providers];
  const slash = spec.indexOf("/");
  const [provider, id] = slash > 0 ? [spec.slice(0, slash), spec.slice(slash + 1)] : ["", spec];
  const described = choices.models.includes(spec) || choices.models.includes(id);
  if (providers.includes(provider) && id && (!CATALOGUED.has(provider) || inCatalogue(id) || described))
    return { model: spec };
  return {
    reason:
      `model ${JSON.stringify(raw)} is not one gitclaw supports: give provider/model with a provider of ` +
      `${providers.join(", ")} (anthropic and openai: a model of gitclaw's catalogue or of "models" in ` +
      ".github/gitclaw.json), sonnet, opus, haiku, or inherit (the run's model)",
  };
}

/** "Claude Sonnet 4.5 (copilot)" → anthropic/claude-sonnet-4-5; a bare catalogue id gets its provider. */
function fromDisplayName(raw: string): string {
  if (raw.includes("/")) return raw.trim();
  const id = raw
    .replace(/\([^)]*\)/g, "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, "-");
  if (/^claude-/.test(id)) return `anthropic/${id.replace(/(\d)\.(\d)/g, "$1-$2")}`;
  if (/^gpt-/.test(id)) return `openai/${id}`;
  return id;
}
