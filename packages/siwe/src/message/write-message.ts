import { fieldsInOrder, type MessageGrammar } from './message-grammar.js';
import { resourceLines } from './resources-field.js';

/**
 * The text of a set of fields in one family, the exact bytes a wallet is asked
 * to sign. Every field is checked first with the rule the reader uses, in the
 * message's order, so whatever this returns, readMessage reads back to the
 * same fields.
 *
 * @throws InvalidMessageError when the fields cannot make a message.
 */
export function writeMessage(grammar: MessageGrammar, message: object): string {
  const { invalid, maxLength } = grammar;
  if (typeof message !== 'object' || message === null) throw invalid('fields must be an object');
  const fields = message as Readonly<Record<string, unknown>>;
  for (const rule of fieldsInOrder(grammar)) {
    if (!rule.optional || fields[rule.key] !== undefined) rule.check(fields[rule.key]);
  }

  const statement = fields.statement as string | undefined;
  const resources = fields.resources as string[] | undefined;
  const lines = [
    `${grammar.header.join(fields)}${grammar.header.suffix}`,
    String(fields.address),
    '',
    ...grammar.statement.layout.lines(statement),
    ...grammar.labelled
      .filter((rule) => fields[rule.key] !== undefined)
      .map((rule) => `${rule.label}: ${String(fields[rule.key])}`),
    ...(resources === undefined ? [] : resourceLines(resources)),
  ];

  const text = lines.join('\n');
  if (text.length > maxLength)
    throw invalid(`message would be longer than ${maxLength} characters`);
  return text;
}
