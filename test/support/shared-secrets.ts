/**
 * The secrets every scale-out process must share (config/environment.ts refuses scale-out
 * without them): the same for a test's API process and the workers it starts.
 */
export const SCALE_OUT_SECRETS = {
  OAUTH_SIGNING_SECRET: 'test-oauth-signing-secret-0123456789abcdef',
  WEBHOOK_SECRET_KEY: 'test-webhook-secret-key-0123456789abcdef',
};
