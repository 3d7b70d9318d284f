/**
 * The rendering library's public surface: all that the domain and the layers above it use of
 * it (src/layers.json `entries`; npm run lint fails on an import past it). Files that run in
 * worker threads are the exception listed there: they import the module they need, since this
 * index loads the whole library (about 2 s of a thread's start).
 */
export { ClientCatalog, clientCatalog } from './catalog/client-catalog';
export { ClientAliases, clientAliases, MIN_DEPRECATION_DAYS } from './catalog/client-aliases';
export { supportAnalysis } from './caniemail/support-analysis';
export type { SupportAnalysis, FeatureSupport, ClientLack } from './caniemail/support-analysis';
export type { FeatureUse, SourcePosition } from './caniemail/feature-usage';
export type { RetiredCode } from './catalog/client-aliases';
export type { SandboxPlan } from './engine/engine-port';
export {
  ENGINES,
  FALLBACK_ENGINE,
  engineDescriptor,
  fallbackCannotStart,
  planEngineSandbox,
} from './engine/engine-registry';
export { makeThumbnails } from './engine/image-sizes';
export type { Thumbnails } from './engine/image-sizes';
export type { TextSample } from './engine/page-scripts';
export { RenderDeadlineError, RenderMemoryError } from './engine/render-errors';
export { familyOf, inboxLayoutOf, inboxLayouts } from './families/lookup';
export { fidelityRecord } from './fidelity/fidelity-record';
export type { FidelityRecord } from './fidelity/fidelity-record';
export { fontNote, fontsOf } from './fonts/client-fonts';
export { missingClientFonts } from './fonts/installed-fonts';
export { formatDate, inboxPage } from './inbox/inbox-page';
export type { InboxRow } from './inbox/inbox-page';
export type { PreviewText } from './inbox/preview-text';
export { EngineJail } from './jail/jail';
export type { CheckFinding } from './model/check-finding';
export type { EmailContent, RenderImage, RenderResource } from './model/email-content';
export type { Appearance, InboxLayout } from './model/inbox-layout';
export type { ReportEntry } from './model/render-report';
export { CachingPreparer } from './prepare/preparation-cache';
export { PreparationError, WorkerPreparer } from './prepare/preparer';
export type { ClientProfile } from './profile/client-profile';
export { IMAGES_OPTIONS, ORIENTATION_OPTIONS, unofferedOption } from './profile/options';
export type { ImagesOption, OrientationOption, RenderOptions } from './profile/options';
export { Renderer, viewportOf } from './render';
export type { RendererOptions, RenderResult } from './render';
