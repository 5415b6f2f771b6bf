import {
  type ArgumentNode,
  type DocumentNode,
  GraphQLError,
  Kind,
  type ValueNode,
  type VariableDefinitionNode,
  visit,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { type UnstorableText, unstorableText } from '../store/storable-text.js';

type Variables = Readonly<Record<string, unknown>> | null | undefined;

/** Where the unstorable text was found: `reason`, `input.bio`, `ids[2]`. */
type Finding = { argument: string; what: UnstorableText };

/**
 * Text the database cannot store (a NUL, a lone surrogate) is the client's
 * error in every argument of every field, present and future
 * (docs/api.md, "Error codes"): checked once, before an operation runs, in
 * the literals its document writes and the variables its arguments use, at
 * any depth of input objects and lists. Without it, PostgreSQL's refusal of a
 * NUL surfaced as INTERNAL_SERVER_ERROR from whichever query met it first.
 * One hook for queries, mutations and subscriptions, over HTTP and websockets.
 */
export function useStorableStrings(): Plugin {
  const refuseUnstorable = ({
    args,
    setResultAndStopExecution,
  }: {
    args: { document: DocumentNode; variableValues?: Variables };
    setResultAndStopExecution: (result: { errors: GraphQLError[] }) => void;
  }) => {
    const finding = findUnstorableArgument(args.document, args.variableValues);
    if (!finding) return;
    // A path into a value nested thousands deep is cut short: the name is for reading.
    const argument =
      finding.argument.length > 120 ? `${finding.argument.slice(0, 120)}…` : finding.argument;
    setResultAndStopExecution({
      errors: [
        new GraphQLError(
          `${leafName(finding.argument)} contains ${finding.what}, which cannot be stored.`,
          { extensions: { code: 'BAD_USER_INPUT', argument } },
        ),
      ],
    });
  };
  return { onExecute: refuseUnstorable, onSubscribe: refuseUnstorable };
}

/**
 * What the message starts with: the argument's name, or the input field's
 * inside it (`input.bio` is "bio", as the profile rules name their fields);
 * `extensions.argument` has the whole path.
 */
function leafName(path: string): string {
  return (path.split('.').at(-1) ?? path).replace(/\[\d+\]/g, '');
}

/** A variable's default as the document writes it: a literal, walked as one. */
class DefaultValue {
  constructor(readonly node: ValueNode) {}
}

const isDefault = (value: unknown): value is DefaultValue => value instanceof DefaultValue;

/** A document's arguments, in document order, and its variables' definitions. */
type DocumentArguments = {
  arguments: readonly ArgumentNode[];
  defaults: ReadonlyMap<string, VariableDefinitionNode>;
};

/**
 * Read once per document: Yoga's parse cache hands every request of the same
 * text the same DocumentNode, so the hot operations (`signIn`, `me`) pay the
 * walk of their document once, and each request walks only its arguments.
 */
const argumentsOfDocument = new WeakMap<DocumentNode, DocumentArguments>();

function documentArguments(document: DocumentNode): DocumentArguments {
  const known = argumentsOfDocument.get(document);
  if (known) return known;
  const defaults = new Map<string, VariableDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    for (const variable of definition.variableDefinitions ?? []) {
      defaults.set(variable.variable.name.value, variable);
    }
  }
  const found: ArgumentNode[] = [];
  const collect = (nodes: readonly ArgumentNode[] | undefined) => {
    if (nodes) found.push(...nodes);
  };
  visit(document, {
    Field: (node) => collect(node.arguments),
    Directive: (node) => collect(node.arguments),
  });
  const read = { arguments: found, defaults };
  argumentsOfDocument.set(document, read);
  return read;
}

/** The first argument, in document order, holding text that cannot be stored. */
export function findUnstorableArgument(
  document: DocumentNode,
  variables: Variables,
): Finding | undefined {
  const { arguments: nodes, defaults } = documentArguments(document);
  if (nodes.length === 0) return undefined;
  // A variable the request leaves out takes its default, a literal.
  const variableValue = (name: string): unknown => {
    if (variables && Object.hasOwn(variables, name)) return variables[name];
    const fallback = defaults.get(name)?.defaultValue;
    return fallback && new DefaultValue(fallback);
  };
  for (const node of nodes) {
    const found = inValue(node.value, node.name.value, variableValue);
    if (found) return found;
  }
  return undefined;
}

/**
 * Walks a literal, or the variable it names, without recursion: a 64 KiB
 * body can nest a value thousands deep. A literal (`node`) and a variable's
 * JSON value (`data`) are told apart by how they were reached, never by shape.
 */
function inValue(
  root: ValueNode,
  argument: string,
  variableValue: (name: string) => unknown,
): Finding | undefined {
  type Pending = { node: ValueNode; at: string } | { data: unknown; at: string };
  const pending: Pending[] = [{ node: root, at: argument }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { at } = next;
    if ('data' in next) {
      const { data } = next;
      if (typeof data === 'string') {
        const what = unstorableText(data);
        if (what) return { argument: at, what };
      } else if (Array.isArray(data)) {
        data.forEach((item, i) => {
          pending.push({ data: item, at: `${at}[${i}]` });
        });
      } else if (isPlainObject(data)) {
        for (const [key, item] of Object.entries(data)) {
          pending.push({ data: item, at: `${at}.${key}` });
        }
      }
      continue;
    }
    const { node } = next;
    switch (node.kind) {
      case Kind.STRING:
        pending.push({ data: node.value, at });
        break;
      case Kind.LIST:
        node.values.forEach((item, i) => {
          pending.push({ node: item, at: `${at}[${i}]` });
        });
        break;
      case Kind.OBJECT:
        for (const field of node.fields) {
          pending.push({ node: field.value, at: `${at}.${field.name.value}` });
        }
        break;
      case Kind.VARIABLE: {
        const value = variableValue(node.name.value);
        pending.push(isDefault(value) ? { node: value.node, at } : { data: value, at });
        break;
      }
    }
  }
  return undefined;
}

/** JSON data: an uploaded File or other class instance is never walked. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
