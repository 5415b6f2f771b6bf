import { invalidSiweMessage } from './invalid-siwe-message.js';
import { labelledFields } from './labelled-fields.js';
import type { MessageGrammar } from './message-grammar.js';
import { ETHEREUM_HEADER_SUFFIX } from './message-headers.js';
import { resourcesRule } from './resources-field.js';
import * as rules from './siwe-field-validators.js';
import { MAX_SIWE_MESSAGE_LENGTH } from './siwe-message.js';
import { STATEMENT_BETWEEN_BLANK_LINES } from './statement-layouts.js';

const SCHEME_SEPARATOR = '://';

/** EIP-4361 (Sign-In with Ethereum): its fields in order, each with its rule. */
export const SIWE_GRAMMAR: MessageGrammar = {
  invalid: invalidSiweMessage,
  maxLength: MAX_SIWE_MESSAGE_LENGTH,
  fieldKind: 'an EIP-4361 field',
  header: {
    suffix: ETHEREUM_HEADER_SUFFIX,
    refusal: () =>
      'line 1 must be "[scheme://]domain wants you to sign in with your Ethereum account:"',
    fields: [
      { key: 'scheme', label: 'Scheme', optional: true, check: rules.assertScheme },
      { key: 'domain', label: 'Domain', optional: false, check: rules.assertDomain },
    ],
    // An RFC 3986 authority cannot contain "://", so its presence marks a
    // scheme; the domain after it is checked first.
    split(origin) {
      const separator = origin.indexOf(SCHEME_SEPARATOR);
      if (separator === -1) return [['domain', origin]];
      return [
        ['domain', origin.slice(separator + SCHEME_SEPARATOR.length)],
        ['scheme', origin.slice(0, separator)],
      ];
    },
    join: ({ scheme, domain }) =>
      scheme === undefined ? String(domain) : `${scheme}${SCHEME_SEPARATOR}${domain}`,
  },
  address: { key: 'address', label: 'Address', optional: false, check: rules.assertAddress },
  statement: {
    key: 'statement',
    label: 'Statement',
    optional: true,
    check: rules.assertStatement,
    layout: STATEMENT_BETWEEN_BLANK_LINES,
  },
  labelled: labelledFields({
    uri: rules.assertUri,
    version: rules.assertVersion,
    chainId: { check: rules.assertChainId, parse: rules.parseChainId },
    nonce: rules.assertNonce,
    dateTime: rules.assertDateTime,
    requestId: rules.assertRequestId,
  }),
  resources: resourcesRule(invalidSiweMessage, rules.assertUri),
};
