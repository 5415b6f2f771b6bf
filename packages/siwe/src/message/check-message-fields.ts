import { SigilError } from '../errors/base.js';
import {
  type FieldRule,
  fieldsInOrder,
  fieldValueOf,
  type MessageGrammar,
} from './message-grammar.js';
import { readMessage } from './read-message.js';
import { RESOURCES_LINE, resourceOfLine } from './resources-field.js';

/**
 * - `valid`: the field is there and its rule accepts it.
 * - `invalid`: the field is there and its rule refuses it (`reason` says why).
 * - `missing`: a mandatory field is not there.
 * - `absent`: an optional field is not there, which is fine.
 */
export type FieldState = 'valid' | 'invalid' | 'missing' | 'absent';

export type FieldCheck = {
  label: string;
  value: string | null;
  state: FieldState;
  reason: string | null;
};

export type MessageFieldsCheck<Message> = {
  /** Each field of the family in the message's order, checked on its own. */
  fields: FieldCheck[];
  /** The message as the strict reader reads it, or null when it refuses the text. */
  message: Message | null;
  /** Why the strict reader refuses the whole text (order, blank lines, line endings…). */
  grammarError: string | null;
};

function reasonOf(error: unknown): string {
  if (error instanceof SigilError && typeof error.details.reason === 'string') {
    return error.details.reason;
  }
  return error instanceof Error ? error.message : String(error);
}

function checkField(
  rule: FieldRule,
  value: string | undefined,
  validate: (value: string) => void,
): FieldCheck {
  const { label, optional } = rule;
  if (value === undefined) {
    return { label, value: null, state: optional ? 'absent' : 'missing', reason: null };
  }
  try {
    validate(value);
    return { label, value, state: 'valid', reason: null };
  } catch (error) {
    return { label, value, state: 'invalid', reason: reasonOf(error) };
  }
}

type FoundFields = {
  /** Each field's text, by key. */
  found: Map<string, string>;
  /** The lines after "Resources:", each meant to be "- " and a URI. */
  resourceLines: string[];
};

/**
 * Where each field stands in a pasted text, found leniently: CRLF read as
 * LF, a labelled line anywhere, the statement as the line between two blank
 * lines after the address. Optional header fields (EIP-4361's scheme) are
 * listed only when the text has them.
 */
function findFieldTexts(grammar: MessageGrammar, text: string): FoundFields {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const found = new Map<string, string>();
  const firstLine = lines[0] ?? '';
  if (firstLine.endsWith(grammar.header.suffix)) {
    const origin = firstLine.slice(0, -grammar.header.suffix.length);
    for (const [key, fieldText] of grammar.header.split(origin)) found.set(key, fieldText);
  }
  if (lines[1] !== undefined) found.set(grammar.address.key, lines[1]);
  const statement = lines[3];
  if (
    lines[2] === '' &&
    statement !== undefined &&
    statement !== '' &&
    !statement.startsWith('URI: ')
  ) {
    found.set(grammar.statement.key, statement);
  }
  for (const rule of grammar.labelled) {
    const line = lines.find((candidate) => candidate.startsWith(`${rule.label}: `));
    if (line !== undefined) found.set(rule.key, line.slice(rule.label.length + 2));
  }
  const resourcesAt = lines.indexOf(RESOURCES_LINE);
  const resourceLines = resourcesAt === -1 ? [] : lines.slice(resourcesAt + 1);
  if (resourcesAt !== -1) found.set(grammar.resources.key, resourceLines.join('\n'));
  return { found, resourceLines };
}

function checkResourceLines(grammar: MessageGrammar, lines: readonly string[]): void {
  for (const [index, line] of lines.entries()) {
    const name = `resource ${index + 1}`;
    const resource = resourceOfLine(line);
    if (resource === undefined) throw grammar.invalid(`${name} must start with "- "`);
    grammar.resources.checkUri(resource, name);
  }
}

/**
 * Checks a pasted message field by field with its family's own rules, so a
 * person sees every problem at once rather than the first; then reads the
 * whole text with the strict reader, which alone decides whether it is a
 * message.
 */
export function checkMessageFields<Message>(
  grammar: MessageGrammar,
  text: string,
): MessageFieldsCheck<Message> {
  const { found, resourceLines } = findFieldTexts(grammar, text);
  const fields: FieldCheck[] = [];
  for (const rule of fieldsInOrder(grammar)) {
    const value = found.get(rule.key);
    const isHeaderField = grammar.header.fields.includes(rule);
    if (isHeaderField && rule.optional && value === undefined) continue;
    fields.push(
      checkField(rule, value, (text) => {
        if (rule === grammar.resources) checkResourceLines(grammar, resourceLines);
        else fieldValueOf(rule, text);
      }),
    );
  }
  try {
    return { fields, message: readMessage<Message>(grammar, text), grammarError: null };
  } catch (error) {
    return { fields, message: null, grammarError: reasonOf(error) };
  }
}
