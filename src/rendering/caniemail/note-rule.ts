import type { Selector } from 'postcss-selector-parser';
import type { Declaration, FeatureMatcher } from './feature-matchers';

/** A declaration as a note sees it: where it stands and which elements it styles. */
export interface DeclarationContext extends Declaration {
  inline: boolean;
  /** Tag names of the elements it applies to; null when they cannot be known. */
  tags: string[] | null;
  /** `!important` as written (`!important`, ` !IMPORTANT`...), empty when absent. */
  rawImportant: string;
}

export type DeclarationVerdict =
  | { action: 'remove' }
  | { action: 'strip-important' }
  | { action: 'rewrite'; property?: string; value?: string }
  /** The client drops the whole style attribute or `<style>` block holding it. */
  | { action: 'drop-container' };

/**
 * What a caniemail support note says the client does, in a form the pipeline applies. A
 * note restricts or rewrites the feature's matched occurrences. Notes a family carries out
 * itself are its own (ClientFamily's caniemail reading).
 */
export interface NoteRule {
  declaration?: (d: DeclarationContext) => DeclarationVerdict | undefined;
  /** True: the at-rule is removed. */
  atRule?: (name: string, params: string, nested: boolean) => boolean;
  /** True: the selector is removed. */
  selector?: (selector: Selector) => boolean;
  element?: FeatureMatcher['elements'];
  /** Attributes of the feature are kept only on elements matching this selector. */
  attributesOnlyOn?: string;
  imageTypes?: string[];
  /** True: the whole style attribute, as written, is dropped (Mail.ru: a comment in it). */
  styleAttribute?: (text: string) => boolean;
  /** True: a nested rule loses its selector, its declarations applying to the parent rule. */
  nestedToParent?: boolean;
  /** True: a nested rule with this selector is removed (the others apply). */
  nestedRule?: (selector: string) => boolean;
}
