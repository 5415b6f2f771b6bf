import { invalidSiwsMessage } from './invalid-siws-message.js';
import { labelledFields } from './labelled-fields.js';
import type { MessageGrammar } from './message-grammar.js';
import { ETHEREUM_HEADER_SUFFIX, SOLANA_HEADER_SUFFIX } from './message-headers.js';
import { resourcesRule } from './resources-field.js';
import * as rules from './siws-field-validators.js';
import { MAX_SIWS_MESSAGE_LENGTH } from './siws-message.js';
import { STATEMENT_THEN_BLANK_LINE } from './statement-layouts.js';

/**
 * Sign In With Solana, as Phantom's grammar describes it and the Solana
 * Wallet Standard's createSignInMessageText writes it, with the fields
 * Sigil's policy needs (URI, Version 1, Chain ID, Nonce, Issued At)
 * required: no scheme, a base58 address of 32 bytes, a Solana chain id.
 */
export const SIWS_GRAMMAR: MessageGrammar = {
  invalid: invalidSiwsMessage,
  maxLength: MAX_SIWS_MESSAGE_LENGTH,
  fieldKind: 'a Sign In With Solana field',
  header: {
    suffix: SOLANA_HEADER_SUFFIX,
    refusal: (line) =>
      line.endsWith(ETHEREUM_HEADER_SUFFIX)
        ? 'line 1 asks for an Ethereum account, not a Solana one'
        : 'line 1 must be "domain wants you to sign in with your Solana account:"',
    fields: [{ key: 'domain', label: 'Domain', optional: false, check: rules.assertSiwsDomain }],
    split: (origin) => [['domain', origin]],
    join: ({ domain }) => String(domain),
  },
  address: {
    key: 'address',
    label: 'Address',
    optional: false,
    check: rules.assertSiwsAddress,
    absentLine: 'the address line is missing',
  },
  statement: {
    key: 'statement',
    label: 'Statement',
    optional: true,
    check: rules.assertSiwsStatement,
    layout: STATEMENT_THEN_BLANK_LINE,
  },
  labelled: labelledFields({
    uri: rules.assertSiwsUri,
    version: rules.assertSiwsVersion,
    chainId: { check: rules.assertSiwsChainId },
    nonce: rules.assertSiwsNonce,
    dateTime: rules.assertSiwsDateTime,
    requestId: rules.assertSiwsRequestId,
  }),
  resources: resourcesRule(invalidSiwsMessage, rules.assertSiwsUri),
};
