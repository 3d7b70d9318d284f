/** A marketing-style email of about `kilobytes` KB: nested tables, inline CSS, a media query. */
export function marketingEmail(kilobytes: number, imageUrl?: (i: number) => string): string {
  const head = `<!DOCTYPE html><html><head><meta charset="utf-8"><style>
    body { margin:0; background:#f4f4f4; font-family: Arial, Helvetica, sans-serif; }
    .wrap { width:640px; margin:0 auto; background:#ffffff; }
    .btn { background:#0a66c2; color:#fff; border-radius:6px; padding:12px 24px; text-decoration:none; }
    @media (max-width: 600px) { .wrap { width:100% !important; } .col { display:block !important; width:100% !important; } }
  </style></head><body><table class="wrap" role="presentation" cellpadding="0" cellspacing="0">`;
  const rows: string[] = [];
  let i = 0;
  while (head.length + rows.join('').length < kilobytes * 1024) {
    const image = imageUrl
      ? `<img src="${imageUrl(i)}" width="280" height="140" alt="Product ${i}">`
      : '';
    rows.push(`<tr><td class="col" style="padding:16px 24px; font-size:15px; line-height:22px; color:#333333;">
      ${image}<h2 style="margin:0 0 8px; font-size:20px; color:#111111;">Section ${i}: spring collection</h2>
      <p style="margin:0 0 12px;">Lorem ipsum dolor sit amet, consectetur adipiscing elit. Integer nec odio.
      Praesent libero. Sed cursus ante dapibus diam. Sed nisi. Nulla quis sem at nibh elementum imperdiet.</p>
      <a class="btn" href="https://shop.example/item/${i}" style="display:inline-block;">Shop now</a></td></tr>`);
    i++;
  }
  return `${head}${rows.join('\n')}</table></body></html>`;
}
