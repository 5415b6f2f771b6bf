/** Who the server says is signed in, as RainbowKit's authentication status. */
export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';
