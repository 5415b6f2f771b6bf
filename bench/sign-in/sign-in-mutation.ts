/** The web app's own SignIn document (web/src/graphql/operations), fragments inlined. */
export const SIGN_IN_MUTATION = `mutation SignIn($message: String!, $signature: String!) {
  signIn(message: $message, signature: $signature) {
    account { id address }
    session { id current createdAt lastSeenAt expiresAt chainId userAgent }
  }
}`;
