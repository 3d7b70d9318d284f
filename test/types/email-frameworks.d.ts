// The email frameworks used as test fixtures and in benches ship no type declarations.
declare module 'mjml' {
  interface MjmlResult {
    html: string;
    errors: { formattedMessage: string }[];
  }
  function mjml2html(
    source: string,
    options?: { validationLevel?: 'strict' | 'soft' | 'skip'; minify?: boolean },
  ): MjmlResult | Promise<MjmlResult>;
  export default mjml2html;
}

declare module 'inky' {
  export class Inky {
    constructor(options?: Record<string, unknown>);
    releaseTheKraken(html: string): string;
  }
}
