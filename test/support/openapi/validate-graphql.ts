// Validates GraphQL documents against GitHub's published schema (@octokit/graphql-schema), so a
// query the stand-in answers is one GitHub would answer too, and its answers against the same schema. Deprecated fields are refused as well:
// GitHub removes them on a date (e.g. `databaseId`, a 32-bit Int today's ids no longer fit in).
// The schema is built on first use from the introspection JSON (the package's SDL repeats fields).
import { readFileSync } from "node:fs";
import {
  buildClientSchema,
  type DocumentNode,
  execute,
  type GraphQLSchema,
  type GraphQLTypeResolver,
  getVariableValues,
  isObjectType,
  type IntrospectionQuery,
  Kind,
  NoDeprecatedCustomRule,
  type OperationDefinitionNode,
  parse,
  specifiedRules,
  validate,
} from "graphql";

let schema: GraphQLSchema | undefined;

function githubSchema(): GraphQLSchema {
  if (schema) return schema;
  const file = new URL("./schema.json", import.meta.resolve("@octokit/graphql-schema"));
  schema = buildClientSchema(JSON.parse(readFileSync(file, "utf8")) as IntrospectionQuery);
  return schema;
}

function parsed(query: string): DocumentNode | string {
  try {
    return parse(query);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function chosenOperation(document: DocumentNode, name: unknown): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (typeof name === "string") return operations.find((operation) => operation.name?.value === name);
  return operations.length === 1 ? operations[0] : undefined;
}

/**
 * Checks a GraphQL request as GitHub would: the document parses and is valid against the schema
 * (fields, arguments, types, no deprecated fields), and the variables fit the operation's
 * declarations. Returns GraphQL's messages, empty when GitHub would run it.
 */
export function validateGraphql(query: unknown, variables: unknown, operationName?: unknown): string[] {
  if (typeof query !== "string") return ["the request has no query string"];
  const document = parsed(query);
  if (typeof document === "string") return [document];
  const errors = validate(githubSchema(), document, [...specifiedRules, NoDeprecatedCustomRule]);
  if (errors.length) return errors.map((error) => error.message);
  const operation = chosenOperation(document, operationName);
  if (!operation) return ["the document names no single operation to run"];
  const inputs = (variables ?? {}) as Record<string, unknown>;
  const coerced = getVariableValues(githubSchema(), operation.variableDefinitions ?? [], inputs);
  return (coerced.errors ?? []).map((error) => error.message);
}

// An interface or union's concrete type: the one the answer names, else the first type the query
// asks about with a fragment (the stand-in answers only what the query selects).
const typeResolver: GraphQLTypeResolver<unknown, unknown> = (value, _context, info, abstractType) => {
  const named = (value as { __typename?: unknown } | null)?.__typename;
  if (typeof named === "string") return named;
  for (const node of info.fieldNodes)
    for (const selection of node.selectionSet?.selections ?? []) {
      const condition = selection.kind === Kind.INLINE_FRAGMENT ? selection.typeCondition?.name.value : undefined;
      const type = condition ? info.schema.getType(condition) : undefined;
      if (isObjectType(type) && info.schema.isSubType(abstractType, type)) return type.name;
    }
  return undefined;
};

/**
 * Checks the stand-in's answer to a valid document against the schema: executing the document over
 * the answer's `data` serializes every leaf by its type (an Int past 2^31 fails as it would on
 * GitHub) and refuses null where the schema says non-null. Answers with errors are not checked.
 */
export function validateGraphqlResponse(query: string, variables: unknown, answer: unknown): string[] {
  const { data, errors } = (answer ?? {}) as { data?: unknown; errors?: unknown };
  if (errors !== undefined || data === null || typeof data !== "object") return [];
  const document = parsed(query);
  if (typeof document === "string") return [document];
  const result = execute({
    schema: githubSchema(),
    document,
    rootValue: data,
    variableValues: (variables ?? {}) as Record<string, unknown>,
    typeResolver,
  });
  if ("then" in result) return ["the answer could not be checked synchronously"];
  return (result.errors ?? []).map((error) => `${error.path?.join(".") ?? "data"}: ${error.message}`);
}
