/** Emails that cost a renderer far more than their size suggests. */

/** Thirty page-sized layers each blurred and shadowed: minutes of raster work in Chromium. */
export const BLUR_BOMB = `<!DOCTYPE html><html><body style="margin:0">${Array.from(
  { length: 30 },
  (_, i) =>
    `<div style="width:1400px;height:3000px;filter:blur(${80 + i}px) drop-shadow(0 0 200px red);` +
    `box-shadow:0 0 400px 200px rgba(0,0,0,.5);background:linear-gradient(${i}deg,red,blue)"></div>`,
).join('')}</body></html>`;
