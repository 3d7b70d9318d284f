import type { ClientProfile, FamilyRule } from '../catalog/client-profile';
import type { RenderOptions } from '../catalog/options';
import type { EmailDocument } from './email-document';
import type { ImagePlan } from './images';
import type { RenderReport } from './render-report';
import type { OfficeSettings } from './word/office-markup';

/** What every stage of the pipeline works on. */
export interface Preparation {
  $: EmailDocument;
  profile: ClientProfile;
  options: RenderOptions;
  report: RenderReport;
  has(rule: FamilyRule): boolean;
  /** Word-engine clients: what the email's Office XML island declared. */
  office?: OfficeSettings;
  /** The stored images the document shows, by path (the Word engine reads their sizes). */
  plan?: ImagePlan;
}
