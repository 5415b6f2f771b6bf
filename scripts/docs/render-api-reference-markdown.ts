import {
  buildSchema,
  type GraphQLArgument,
  type GraphQLEnumType,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLInputObjectType,
  type GraphQLInterfaceType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type GraphQLType,
  type GraphQLUnionType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isSpecifiedDirective,
  isSpecifiedScalarType,
  isUnionType,
  print,
} from 'graphql';

/** Markdown lines are wrapped here, like the rest of docs/. */
const WIDTH = 80;

export type RenderApiReferenceParameters = {
  /** The text of schema/schema.graphql. */
  schema: string;
  /** The command that writes the page, named in its header. */
  command: string;
};

/**
 * The API reference as Markdown: every type the schema file defines, in the
 * file's order, with every field, argument, input field and enum value and
 * its description. The same schema text always gives the same page, so a test
 * can hold docs/api-reference.md to it.
 */
export function renderApiReferenceMarkdown(p: RenderApiReferenceParameters): string {
  const schema = buildSchema(p.schema);
  const types = definedTypes(schema);
  const out: string[] = [
    '# API reference',
    '',
    '<!--',
    ...wrap(
      `Generated from schema/schema.graphql by \`${p.command}\`. Do not edit: ` +
        'server/test/api-reference-is-current.test.ts fails when this page ' +
        'differs from what the schema renders.',
      '',
    ),
    '-->',
    '',
  ];
  if (schema.description) out.push(...description(schema.description, ''), '');
  out.push(
    ...wrap(
      'Every type below links to its own section. Types without a section are ' +
        "GraphQL's own scalars (`String`, `Int`, `Float`, `Boolean`, `ID`). A " +
        'type ending in `!` is never null; `[T]` is a list. The transport, the ' +
        'error codes and examples are in [api.md](api.md).',
      '',
    ),
    '',
  );
  out.push(...rootOperations(schema), '');
  for (const [kind, members] of groupByKind(types)) {
    out.push(
      ...wrap(`**${kind}**: ${members.map((t) => `[${t.name}](#${anchor(t)})`).join(', ')}.`, ''),
    );
    out.push('');
  }
  for (const type of types) out.push(...renderType(type), '');
  const directives = schema
    .getDirectives()
    .filter((directive) => !isSpecifiedDirective(directive))
    .sort((a, b) => (a.astNode?.loc?.start ?? 0) - (b.astNode?.loc?.start ?? 0));
  if (directives.length > 0) {
    out.push('## Directives', '');
    for (const directive of directives) {
      const head = `\`@${directive.name}\` on ${directive.locations.join(', ')}`;
      out.push(...listItem(head, directive.description, ''));
      for (const arg of directive.args) out.push(...renderArgument(arg, '  '));
    }
    out.push('');
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

/** The types the schema file defines (GraphQL's own scalars left out), in the file's order. */
function definedTypes(schema: GraphQLSchema): GraphQLNamedType[] {
  return Object.values(schema.getTypeMap())
    .filter((type) => !type.name.startsWith('__') && !isSpecifiedScalarType(type))
    .sort((a, b) => (a.astNode?.loc?.start ?? 0) - (b.astNode?.loc?.start ?? 0));
}

function kindOf(type: GraphQLNamedType): string {
  if (isObjectType(type)) return 'Object types';
  if (isInterfaceType(type)) return 'Interfaces';
  if (isUnionType(type)) return 'Unions';
  if (isEnumType(type)) return 'Enums';
  if (isInputObjectType(type)) return 'Input types';
  return 'Scalars';
}

const KIND_ORDER = ['Object types', 'Interfaces', 'Unions', 'Input types', 'Enums', 'Scalars'];

function groupByKind(types: GraphQLNamedType[]): [string, GraphQLNamedType[]][] {
  return KIND_ORDER.map((kind): [string, GraphQLNamedType[]] => [
    kind,
    types.filter((type) => kindOf(type) === kind),
  ]).filter(([, members]) => members.length > 0);
}

function rootOperations(schema: GraphQLSchema): string[] {
  const roots = [
    ['queries', schema.getQueryType()],
    ['mutations', schema.getMutationType()],
    ['subscriptions', schema.getSubscriptionType()],
  ] as const;
  const named = roots.flatMap(([what, type]) =>
    type ? [`${what} are the fields of [${type.name}](#${anchor(type)})`] : [],
  );
  return wrap(`The operations: ${named.join(', ')}.`, '');
}

/** GitHub's anchor for a `## Name` heading. */
function anchor(type: GraphQLNamedType): string {
  return type.name.toLowerCase();
}

/** A type reference as code, linked to the named type's section when it has one. */
function typeLink(type: GraphQLType): string {
  const named = getNamedType(type);
  const code = `\`${String(type)}\``;
  return isSpecifiedScalarType(named) ? code : `[${code}](#${anchor(named)})`;
}

function renderType(type: GraphQLNamedType): string[] {
  const out = [`## ${type.name}`, ''];
  out.push(`*${kindOf(type).replace(/s$/, '')}*`, '');
  if (type.description) out.push(...description(type.description, ''), '');
  if (isObjectType(type) || isInterfaceType(type)) out.push(...renderFields(type));
  if (isUnionType(type)) out.push(...renderUnion(type));
  if (isEnumType(type)) out.push(...renderEnumValues(type));
  if (isInputObjectType(type)) out.push(...renderInputFields(type));
  if (isScalarType(type) && type.specifiedByURL) {
    out.push(`Specified by <${type.specifiedByURL}>.`, '');
  }
  return out;
}

function renderFields(type: GraphQLObjectType | GraphQLInterfaceType): string[] {
  const out: string[] = [];
  const interfaces = type.getInterfaces();
  if (interfaces.length > 0) {
    out.push(...wrap(`Implements ${interfaces.map(typeLink).join(', ')}.`, ''), '');
  }
  for (const field of Object.values(type.getFields())) out.push(...renderField(field));
  return out;
}

function renderField(field: GraphQLField<unknown, unknown>): string[] {
  const head = `\`${field.name}\`: ${typeLink(field.type)}${deprecation(field.deprecationReason)}`;
  return [
    ...listItem(head, field.description, ''),
    ...field.args.flatMap((arg) => renderArgument(arg, '  ')),
  ];
}

function renderArgument(arg: GraphQLArgument, indent: string): string[] {
  const head = `argument \`${arg.name}\`: ${typeLink(arg.type)}${defaultOf(arg)}${deprecation(arg.deprecationReason)}`;
  return listItem(head, arg.description, indent);
}

function renderInputFields(type: GraphQLInputObjectType): string[] {
  return Object.values(type.getFields()).flatMap((field: GraphQLInputField) => {
    const head = `\`${field.name}\`: ${typeLink(field.type)}${defaultOf(field)}${deprecation(field.deprecationReason)}`;
    return listItem(head, field.description, '');
  });
}

function renderEnumValues(type: GraphQLEnumType): string[] {
  return type
    .getValues()
    .flatMap((value) =>
      listItem(`\`${value.name}\`${deprecation(value.deprecationReason)}`, value.description, ''),
    );
}

function renderUnion(type: GraphQLUnionType): string[] {
  return [...wrap(`One of ${type.getTypes().map(typeLink).join(', ')}.`, ''), ''];
}

/**
 * A list item at `indent`: its head, then its description on the next line of
 * the same paragraph (a Markdown hard line break).
 */
function listItem(head: string, text: string | null | undefined, indent: string): string[] {
  const lines = wrap(head, `${indent}  `, `${indent}- `);
  if (!text) return lines;
  const body = description(text, `${indent}  `);
  if (/^\s*([-*+|#>]|\d+\.|```)/.test(body[0] ?? '')) return [...lines, '', ...body];
  lines[lines.length - 1] += '\\';
  return [...lines, ...body];
}

function defaultOf(input: GraphQLArgument | GraphQLInputField): string {
  const value = input.astNode?.defaultValue;
  return value ? ` (default \`${print(value)}\`)` : '';
}

function deprecation(reason: string | null | undefined): string {
  if (reason === null || reason === undefined) return '';
  return ` (deprecated: ${reason})`;
}

/**
 * A description as Markdown under `indent`: each paragraph re-wrapped, except
 * one that holds a list, a table, a heading or code, which is kept line by line.
 */
function description(text: string, indent: string): string[] {
  const paragraphs = escapeAngleBrackets(text)
    .trim()
    .split(/\n\s*\n/);
  const out: string[] = [];
  for (const [i, paragraph] of paragraphs.entries()) {
    if (i > 0) out.push('');
    const lines = paragraph.split('\n');
    const verbatim = lines.some((line) => /^(\s|[-*+|#>]|\d+\.|```)/.test(line));
    if (verbatim) out.push(...lines.map((line) => `${indent}${line}`.trimEnd()));
    else out.push(...wrap(lines.map((line) => line.trim()).join(' '), indent, indent));
  }
  return out;
}

/**
 * `<` outside code spans, escaped: descriptions write paths like
 * `/u/<address>` as plain text, which Markdown would take for an HTML tag.
 */
function escapeAngleBrackets(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part) => (part.startsWith('`') ? part : part.replaceAll('<', '\\<')))
    .join('');
}

/**
 * Words of `text` in lines of at most WIDTH characters (a longer word gets a
 * line of its own): the first line starts with `first`, the others with `rest`.
 */
function wrap(text: string, rest: string, first = ''): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!empty && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = rest + word;
    } else {
      line = empty ? line + word : `${line} ${word}`;
    }
    empty = false;
  }
  lines.push(line);
  return lines;
}
