import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { walletAddressOf } from '../accounts/wallet-address.js';

function invalid(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

function parseDateTime(value: unknown): Date {
  if (typeof value !== 'string') throw invalid('DateTime must be an RFC 3339 string.');
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw invalid('DateTime must be an RFC 3339 string.');
  return date;
}

function parseAddress(value: unknown): string {
  const address = walletAddressOf(value);
  if (address === undefined) {
    throw invalid('Address must be a 20-byte hex address or a base58 Solana address.');
  }
  return address;
}

/** RFC 3339 in UTC on output; RFC 3339 text accepted on input. */
export const DateTimeScalar = new GraphQLScalarType<Date, string>({
  name: 'DateTime',
  serialize(value) {
    const date = value instanceof Date ? value : new Date(value as number);
    if (Number.isNaN(date.getTime()))
      throw new GraphQLError('DateTime cannot represent an invalid date.');
    return date.toISOString();
  },
  parseValue: parseDateTime,
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING) throw invalid('DateTime must be an RFC 3339 string.');
    return parseDateTime(ast.value);
  },
});

/** Ethereum: EIP-55 checksummed on output, any valid case accepted on input. Solana: base58 as is. */
export const AddressScalar = new GraphQLScalarType<string, string>({
  name: 'Address',
  serialize(value) {
    const address = walletAddressOf(value);
    if (address === undefined) throw new GraphQLError('Address cannot represent this value.');
    return address;
  },
  parseValue: parseAddress,
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING) throw invalid('Address must be a string.');
    return parseAddress(ast.value);
  },
});

/** What Yoga's multipart parser hands over for a file part: a WHATWG File. */
function isUploadedFile(value: unknown): value is File {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as File).arrayBuffer === 'function' &&
    typeof (value as File).size === 'number'
  );
}

/**
 * A file part of a GraphQL multipart request. Without this check a client
 * could send any JSON value as the variable (a string, an object) and reach
 * the resolver with it.
 */
export const FileScalar = new GraphQLScalarType<File, never>({
  name: 'File',
  serialize() {
    throw new GraphQLError('File is an input only.');
  },
  parseValue(value) {
    if (!isUploadedFile(value)) {
      throw invalid('File must be a file part of a GraphQL multipart request.');
    }
    return value;
  },
  parseLiteral() {
    throw invalid('File must be a file part of a GraphQL multipart request.');
  },
});
