/** One image the email references, as recorded at creation. */
export interface EmailImage {
  /** The reference as written in the HTML: an http(s) URL or `cid:<content-id>`. */
  url: string;
  status: 'stored' | 'missing';
  /** Storage key of the stored copy. */
  key?: string;
  /** The storage location holding it (absent in records older than locations). */
  location?: string;
  content_type?: string;
  bytes?: number;
  /** Why it is missing. */
  reason?: string;
}
