import { type DocumentNode, type GraphQLSchema, TypeInfo, visit, visitWithTypeInfo } from 'graphql';

/**
 * Mutations that only make sense over HTTP: `signIn` sets the session cookie
 * (a socket cannot deliver one), and `createNonce` only starts a sign-in.
 */
const HTTP_ONLY_MUTATIONS: ReadonlySet<string> = new Set(['signIn', 'createNonce']);

/**
 * The first HTTP-only mutation field the document selects, wherever it is
 * (fragments and aliases included), or undefined.
 */
export function findHttpOnlyField(
  schema: GraphQLSchema,
  document: DocumentNode,
): string | undefined {
  const mutationType = schema.getMutationType();
  if (!mutationType) return undefined;
  const typeInfo = new TypeInfo(schema);
  let found: string | undefined;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        if (found) return;
        if (typeInfo.getParentType() === mutationType && HTTP_ONLY_MUTATIONS.has(node.name.value))
          found = node.name.value;
      },
    }),
  );
  return found;
}
