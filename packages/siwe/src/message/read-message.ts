import { assertMessageCharacters } from './assert-message-characters.js';
import { LineReader } from './line-reader.js';
import { fieldsInOrder, fieldValueOf, type MessageGrammar } from './message-grammar.js';
import { RESOURCES_LINE, readResources } from './resources-field.js';

/** The fields read, in the family's order, without the absent ones. */
function inOrder(grammar: MessageGrammar, values: Map<string, unknown>): Record<string, unknown> {
  const message: Record<string, unknown> = {};
  for (const { key } of fieldsInOrder(grammar)) {
    if (values.get(key) !== undefined) message[key] = values.get(key);
  }
  return message;
}

/**
 * Reads a message of one family strictly, as its grammar describes it: the
 * first line, the address, the statement in the family's layout, the
 * labelled fields in the mandated order, the resources; no extra, duplicate
 * or blank lines, LF line endings, no trailing line break. The cost is linear
 * in the length of the text, and text longer than the family's limit is
 * refused unread.
 *
 * @throws InvalidMessageError saying what is wrong.
 */
export function readMessage<Message>(grammar: MessageGrammar, text: string): Message {
  const { invalid, maxLength, header } = grammar;
  if (typeof text !== 'string') throw invalid('message must be a string');
  if (text.length > maxLength) throw invalid(`message is longer than ${maxLength} characters`);
  assertMessageCharacters(text, invalid);
  if (text.endsWith('\n')) throw invalid('message must not end with a line break');

  const reader = new LineReader(text.split('\n'), invalid);
  const values = new Map<string, unknown>();
  const firstLine = reader.take() ?? '';
  if (!firstLine.endsWith(header.suffix)) throw invalid(header.refusal(firstLine));
  for (const [key, fieldText] of header.split(firstLine.slice(0, -header.suffix.length))) {
    const rule = header.fields.find((field) => field.key === key);
    if (rule) values.set(key, fieldValueOf(rule, fieldText));
  }

  if (reader.atEnd && grammar.address.absentLine) throw invalid(grammar.address.absentLine);
  values.set('address', fieldValueOf(grammar.address, reader.take() ?? ''));
  reader.takeEmpty('address');
  values.set('statement', grammar.statement.layout.read(reader, grammar.statement.check, invalid));

  for (const rule of grammar.labelled) {
    const fieldText = rule.optional
      ? reader.takeOptionalField(rule.label)
      : reader.takeField(rule.label);
    if (fieldText !== undefined) values.set(rule.key, fieldValueOf(rule, fieldText));
  }
  if (reader.peek() === RESOURCES_LINE) {
    reader.take();
    values.set('resources', readResources(reader, grammar.resources, invalid));
  }
  if (!reader.atEnd) {
    throw invalid(
      `line ${reader.lineNumber} is out of order, repeated or not ${grammar.fieldKind}`,
    );
  }
  return inOrder(grammar, values) as Message;
}
