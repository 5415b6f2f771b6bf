import type { StatementLayout } from './message-grammar.js';

/** EIP-4361: the statement sits between two blank lines; no statement leaves two blank lines. */
export const STATEMENT_BETWEEN_BLANK_LINES: StatementLayout = {
  read(reader, check, invalid) {
    if (reader.peek() === '') {
      reader.take();
      if (reader.peek() === '') throw invalid('statement is empty (omit it instead)');
      return undefined;
    }
    const statement = reader.take();
    check(statement);
    reader.takeEmpty('statement');
    return statement;
  },
  lines: (statement) => [...(statement === undefined ? [] : [statement]), ''],
};

/**
 * Sign In With Solana: one blank line follows the address. Then either the
 * statement and a blank line, or the fields at once: unlike EIP-4361, no
 * statement leaves a single blank line, not two. A statement is the line a
 * blank line follows.
 */
export const STATEMENT_THEN_BLANK_LINE: StatementLayout = {
  read(reader, check, invalid) {
    if (reader.peek() === '') {
      throw invalid(
        `line ${reader.lineNumber} must not be empty (no statement leaves one blank line, not two)`,
      );
    }
    if (reader.peek(1) !== '') return undefined;
    const statement = reader.take();
    check(statement);
    reader.takeEmpty('statement');
    return statement;
  },
  lines: (statement) => (statement === undefined ? [] : [statement, '']),
};
