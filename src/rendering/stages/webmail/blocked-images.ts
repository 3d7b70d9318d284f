import type { BlockedImages } from '../../model/client-family';

/**
 * Gmail, Yahoo and Outlook.com block an image by removing its `src` (AOL renames it), so the
 * browser draws the alt text in the box the width and height give it, as it draws an image
 * with no address: hteumeuleu.com/2016/how-webmails-block-images; Litmus, "The ultimate guide to styled
 * alt text in email" (the alt text takes the image's inline font and colour).
 */
export const SRC_REMOVED: BlockedImages = {
  how: 'src-removed',
  source:
    'hteumeuleu.com/2016/how-webmails-block-images (Gmail, Yahoo, Outlook.com remove src; the apps assumed alike)',
};
