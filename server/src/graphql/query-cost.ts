import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLType,
  getNamedType,
  getNullableType,
  getOperationAST,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  SchemaMetaFieldDef,
  type SelectionSetNode,
  TypeMetaFieldDef,
} from 'graphql';
import { getArgumentValues, getVariableValues } from 'graphql/execution/values.js';
import { BYTES_PER_COST_UNIT, type CostTable, type ListBound } from './list-bounds.js';

/**
 * The cost of an operation (docs/api.md, "Query cost"): every field selected
 * costs 1, a large field one more per 256 bytes it may hold, and what is
 * selected under a list or a page is charged once per item the list may
 * answer: `first` where the field takes it, otherwise the list's bound
 * (list-bounds.ts). Aliases, fragments and inline fragments are each
 * charged where they are spread, so every alias multiplies.
 */
export type CostRun = {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName?: string | null | undefined;
  /** The variables as sent; coerced here only when a bound needs an argument. */
  variableValues?: Record<string, unknown> | null | undefined;
};

type Walk = {
  table: CostTable;
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  fragmentCosts: Map<string, number>;
  visiting: Set<string>;
  operation: OperationDefinitionNode;
  raw: Record<string, unknown>;
  coerced: Record<string, unknown> | undefined;
  /** Whether a bound read an argument: the cost then depends on the variables. */
  readArguments: boolean;
  introspectionBound: number;
};

const introspectionBounds = new WeakMap<GraphQLSchema, number>();

/** Every list field of the schema without a bound, and every field taking `first` without a page bound. */
export function unboundedFields(schema: GraphQLSchema, table: CostTable): string[] {
  const missing: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const key = `${type.name}.${field.name}`;
      if (listDepth(field.type) > 0 && !table.lists[key]) missing.push(key);
      if (field.args.some((arg) => arg.name === 'first') && !table.pages[key]) missing.push(key);
    }
  }
  return missing;
}

/** Cost of operations by one table; a document whose cost reads no argument is walked once. */
export function createQueryCost(table: CostTable): (run: CostRun) => number {
  const costsWithoutArguments = new WeakMap<DocumentNode, Map<string, number>>();
  return (run) => queryCost(table, run, costsWithoutArguments);
}

function queryCost(
  table: CostTable,
  run: CostRun,
  costsWithoutArguments: WeakMap<DocumentNode, Map<string, number>>,
): number {
  // Looked up before anything else: this is every signIn's and me's path.
  const key = run.operationName ?? '';
  const cached = costsWithoutArguments.get(run.document)?.get(key);
  if (cached !== undefined) return cached;
  const operation = getOperationAST(run.document, run.operationName);
  // No such operation: execution refuses it on its own.
  if (!operation) return 0;
  const root = run.schema.getRootType(operation.operation);
  if (!root) return 0;
  const walk: Walk = {
    table,
    schema: run.schema,
    fragments: new Map(
      run.document.definitions
        .filter((node) => node.kind === Kind.FRAGMENT_DEFINITION)
        .map((node) => [node.name.value, node]),
    ),
    fragmentCosts: new Map(),
    visiting: new Set(),
    operation,
    raw: run.variableValues ?? {},
    coerced: undefined,
    readArguments: false,
    introspectionBound: introspectionBound(run.schema),
  };
  const cost = selectionCost(walk, operation.selectionSet, root);
  // Most documents (signIn, me) read no argument for a bound: their cost is
  // the document's, computed once.
  if (!walk.readArguments) {
    const costs = costsWithoutArguments.get(run.document) ?? new Map<string, number>();
    costs.set(key, cost);
    costsWithoutArguments.set(run.document, costs);
  }
  return cost;
}

function selectionCost(walk: Walk, set: SelectionSetNode, parent: GraphQLNamedType): number {
  let total = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      total += fieldCost(walk, selection, parent);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const condition = selection.typeCondition?.name.value;
      const type = (condition && walk.schema.getType(condition)) || parent;
      total += selectionCost(walk, selection.selectionSet, type);
    } else {
      total += fragmentCost(walk, selection.name.value);
    }
  }
  return total;
}

/** A named fragment costs the same wherever it is spread; each spread is charged. */
function fragmentCost(walk: Walk, name: string): number {
  const known = walk.fragmentCosts.get(name);
  if (known !== undefined) return known;
  const fragment = walk.fragments.get(name);
  // Unknown or cyclic fragments do not validate; this only guards the walk.
  if (!fragment || walk.visiting.has(name)) return 0;
  const type = walk.schema.getType(fragment.typeCondition.name.value);
  if (!type) return 0;
  walk.visiting.add(name);
  const cost = selectionCost(walk, fragment.selectionSet, type);
  walk.visiting.delete(name);
  walk.fragmentCosts.set(name, cost);
  return cost;
}

function fieldCost(walk: Walk, node: FieldNode, parent: GraphQLNamedType): number {
  const name = node.name.value;
  const field = fieldDefinition(walk.schema, parent, name);
  if (!field) return 1;
  const key = `${parent.name}.${name}`;
  let cost = 1 + Math.ceil((walk.table.largeFields?.[key] ?? 0) / BYTES_PER_COST_UNIT);
  if (node.selectionSet) {
    cost += selectionCost(walk, node.selectionSet, getNamedType(field.type));
  }
  const depth = listDepth(field.type);
  if (depth > 0) {
    const bound = key.startsWith('__')
      ? walk.introspectionBound
      : boundOf(walk, walk.table.lists[key], field, node);
    cost *= bound ** depth;
  }
  const page = walk.table.pages[key];
  if (page) cost *= boundOf(walk, page, field, node);
  return cost;
}

function fieldDefinition(
  schema: GraphQLSchema,
  parent: GraphQLNamedType,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  if (name === '__schema' && parent === schema.getQueryType()) return SchemaMetaFieldDef;
  if (name === '__type' && parent === schema.getQueryType()) return TypeMetaFieldDef;
  if (!isObjectType(parent) && !isInterfaceType(parent)) return undefined;
  return parent.getFields()[name];
}

/** A list without a bound is refused outright: unboundedFields keeps that from shipping. */
function boundOf(
  walk: Walk,
  bound: ListBound | undefined,
  field: GraphQLField<unknown, unknown>,
  node: FieldNode,
): number {
  if (!bound) return Number.POSITIVE_INFINITY;
  if (field.args.length === 0) return bound({});
  walk.readArguments = true;
  return bound(argumentsOf(walk, field, node));
}

/** The field's arguments with the schema's defaults; a bad value reads as absent (execution refuses it). */
function argumentsOf(
  walk: Walk,
  field: GraphQLField<unknown, unknown>,
  node: FieldNode,
): Record<string, unknown> {
  walk.coerced ??= coerceVariables(walk);
  try {
    return getArgumentValues(field, node, walk.coerced);
  } catch {
    return {};
  }
}

function coerceVariables(walk: Walk): Record<string, unknown> {
  const definitions = walk.operation.variableDefinitions ?? [];
  if (definitions.length === 0) return {};
  const { coerced } = getVariableValues(walk.schema, definitions, walk.raw, { maxErrors: 1 });
  return coerced ?? {};
}

function listDepth(type: GraphQLType): number {
  let depth = 0;
  let current: GraphQLType = type;
  for (;;) {
    if (isNonNullType(current)) current = current.ofType;
    else if (isListType(current)) {
      depth += 1;
      current = current.ofType;
    } else return depth;
  }
}

/**
 * Introspection's lists (types, fields, arguments, enum values) answer at most
 * as many items as the largest of them in this schema.
 */
function introspectionBound(schema: GraphQLSchema): number {
  const known = introspectionBounds.get(schema);
  if (known !== undefined) return known;
  const types = Object.values(schema.getTypeMap());
  let bound = Math.max(types.length, schema.getDirectives().length);
  for (const type of types) {
    const nullable = getNullableType(type);
    if ('getFields' in nullable) {
      const fields = Object.values(nullable.getFields());
      bound = Math.max(bound, fields.length);
      for (const field of fields) {
        if ('args' in field) bound = Math.max(bound, field.args.length);
      }
    }
    if ('getValues' in nullable) bound = Math.max(bound, nullable.getValues().length);
    if ('getInterfaces' in nullable) bound = Math.max(bound, nullable.getInterfaces().length);
  }
  introspectionBounds.set(schema, bound);
  return bound;
}
