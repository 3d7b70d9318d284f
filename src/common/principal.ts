/** Who a request acts for, and so whose account is billed. */
export interface Principal {
  /** `application`: by API key (SPEC 5.1). `user`: by an OAuth bearer token (SPEC 5.2). */
  via: 'api_key' | 'oauth';
  accountId: string;
  applicationId: string;
  userId?: string;
}

export const REALM = 'Instant Preview API';
