// Calling a tool as the model asked: its arguments validated once, here, against the tool's own
// schema, so every tool receives typed arguments; a problem becomes an error result the model can
// correct, and a tool that throws does not end the run. The repository's hooks (context.gate) see
// every call first and may deny it, then see its result.
import { fail, type Tool, type ToolContext, type ToolResult } from "./types.ts";

export async function callTool(tool: Tool, rawArgs: unknown, context: ToolContext): Promise<ToolResult> {
  const { gate } = context;
  if (!gate) return validatedCall(tool, rawArgs, context);
  const denied = await gate.before(tool.name, rawArgs);
  const result =
    denied === undefined ? await validatedCall(tool, rawArgs, context) : fail(denied, { deniedByHook: true });
  await gate.after(tool.name, rawArgs, result);
  return result;
}

async function validatedCall(tool: Tool, rawArgs: unknown, context: ToolContext): Promise<ToolResult> {
  const parsed = tool.parameters.safeParse(rawArgs);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.length > 0 ? issue.path.join(".") : "arguments"}: ${issue.message}`,
    );
    const message = `Invalid arguments for ${tool.name}: ${problems.join("; ")}`;
    return tool.invalid ? tool.invalid(rawArgs, message, context) : fail(message);
  }
  try {
    return await tool.execute(parsed.data, context);
  } catch (error) {
    // A tool that throws is a bug or an unexpected environment: the model gets the message, the run goes on.
    return fail(`${tool.name} failed: ${(error as Error).message}`);
  }
}
