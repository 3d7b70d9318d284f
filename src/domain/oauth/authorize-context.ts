import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Facts about the authorize request that the library does not pass to the code
 * repository: whether redirect_uri was sent (RFC 6749 4.1.3: then, and only then, the token
 * request must repeat it).
 */
export const authorizeContext = new AsyncLocalStorage<{ redirectUriSent: boolean }>();
