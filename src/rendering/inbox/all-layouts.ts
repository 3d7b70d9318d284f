/** Every message-list layout: each registers itself (inbox-layout.ts) when imported here. */
import './layouts/gmail';
import './layouts/apple-mail';
import './layouts/outlook';
import './layouts/yahoo-samsung';

export { inboxLayoutOf, inboxLayouts } from './inbox-layout';
