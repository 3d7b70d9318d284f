/** A stylesheet or web font file the email loads, as recorded at creation. */
export interface EmailResource {
  /** Absolute URL, as the HTML or the stylesheet that names it resolves it. */
  url: string;
  kind: 'stylesheet' | 'font';
  /** stored: a copy is kept; refused: our rules turned it down; failed: it could not be had. */
  status: 'stored' | 'refused' | 'failed';
  /** The stylesheet that names it; absent when the HTML does. */
  from?: string;
  key?: string;
  /** The storage location holding it (absent in records older than locations). */
  location?: string;
  content_type?: string;
  bytes?: number;
  /** Why it was refused or failed. */
  reason?: string;
}
