/** Who a request acts for, and so whose account is billed. */
export interface Principal {
  /**
   * `application`: by API key (docs/api.md#api-key-authentication). `user`: by an OAuth
   * bearer token (docs/api.md#bearer-token-authentication).
   */
  via: 'api_key' | 'oauth';
  accountId: string;
  applicationId: string;
  userId?: string;
}

export const REALM = 'Instant Preview API';
