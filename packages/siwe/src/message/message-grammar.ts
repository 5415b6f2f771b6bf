import type { InvalidMessage, LineReader } from './line-reader.js';

/**
 * The rule of one field: `check` refuses a value that cannot be the field
 * (given by code, or read from text), with the family's error. `parse` turns
 * the field's text into its value where the two differ (EIP-4361's chain id
 * is a number); otherwise the text is the value.
 */
export type FieldRule<Key extends string = string> = {
  key: Key;
  /** How the field is named to a person, and its "Label: value" line's label. */
  label: string;
  optional: boolean;
  check: (value: unknown) => void;
  parse?: (text: string) => unknown;
};

/** The resources list, whose every item is a URI by the family's rule. */
export type ResourcesRule = FieldRule<'resources'> & {
  /** Refuses one resource, named by its place ("resource 2"). */
  checkUri: (value: unknown, name: string) => void;
};

/** Where the statement stands between the blank line after the address and the "URI:" line. */
export type StatementLayout = {
  /** The statement, if any, and the blank lines around it; refuses a layout the family does not write. */
  read: (
    reader: LineReader,
    check: (value: unknown) => void,
    invalid: InvalidMessage,
  ) => string | undefined;
  /** The lines after the address's blank line, up to the "URI:" line. */
  lines: (statement: string | undefined) => string[];
};

/**
 * What a sign-in message family is, for the one reader (read-message.ts), the
 * one writer (write-message.ts) and the one field-by-field check
 * (check-message-fields.ts): its first line, its fields in the order the
 * grammar mandates, each with its rule, and the family's error.
 */
export type MessageGrammar = {
  invalid: InvalidMessage;
  maxLength: number;
  /** What a line that is none of the fields is not: "an EIP-4361 field". */
  fieldKind: string;
  header: {
    /** The end of the first line; the text before it names the header's fields. */
    suffix: string;
    /** Why a first line that does not end with the suffix is refused. */
    refusal: (line: string) => string;
    fields: readonly FieldRule[];
    /** The header's fields in the text before the suffix, in the order they are checked. */
    split: (origin: string) => [key: string, text: string][];
    /** The text before the suffix, from fields already checked. */
    join: (fields: Readonly<Record<string, unknown>>) => string;
  };
  address: FieldRule<'address'> & {
    /** The reason for a message that ends before its address line; without it, the line reads as empty. */
    absentLine?: string;
  };
  statement: FieldRule<'statement'> & { layout: StatementLayout };
  /** The "Label: value" lines, in order. */
  labelled: readonly FieldRule[];
  resources: ResourcesRule;
};

/** Every field of a family in the order the message holds them. */
export function fieldsInOrder(grammar: MessageGrammar): readonly FieldRule[] {
  return [
    ...grammar.header.fields,
    grammar.address,
    grammar.statement,
    ...grammar.labelled,
    grammar.resources,
  ];
}

/** A field's value from its text, by its rule: parsed, or checked and kept as the text. */
export function fieldValueOf(rule: FieldRule, text: string): unknown {
  if (rule.parse) return rule.parse(text);
  rule.check(text);
  return text;
}
