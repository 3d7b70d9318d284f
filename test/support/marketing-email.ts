/**
 * A marketing-style email of about `kilobytes` KB: nested layout tables heavy with inline
 * CSS (as email builders produce), two product columns per row, a mobile media query.
 */
export function marketingEmail(kilobytes: number, imageUrl?: (i: number) => string): string {
  const head = `<!DOCTYPE html><html><head><meta charset="utf-8"><style>
    body { margin:0; background:#f4f4f4; font-family: Arial, Helvetica, sans-serif; }
    .wrap { width:640px; margin:0 auto; background:#ffffff; }
    .btn { background:#0a66c2; color:#fff; border-radius:6px; padding:10px 20px; text-decoration:none; }
    @media (max-width: 600px) { .wrap { width:100% !important; } .col { display:block !important; width:100% !important; } }
  </style></head><body><table class="wrap" role="presentation" cellpadding="0" cellspacing="0" border="0" align="center">`;
  const cell = (i: number) => {
    const image = imageUrl
      ? `<img src="${imageUrl(i)}" width="280" height="140" alt="Product ${i}" style="display:block; border:0; outline:none; text-decoration:none; width:100%; max-width:280px; height:auto;">`
      : '';
    return `<td class="col" width="50%" valign="top" style="padding:12px 12px 16px 12px; font-family:Arial, Helvetica, sans-serif; mso-line-height-rule:exactly;">
      <table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="border-collapse:collapse; mso-table-lspace:0pt; mso-table-rspace:0pt;">
        <tr><td style="padding:0 0 8px 0;">${image}</td></tr>
        <tr><td style="padding:0 0 6px 0; font-size:17px; line-height:22px; font-weight:bold; color:#111111; font-family:Arial, Helvetica, sans-serif;">Spring item ${i}</td></tr>
        <tr><td style="padding:0 0 10px 0; font-size:14px; line-height:20px; color:#555555; font-family:Arial, Helvetica, sans-serif;">Lorem ipsum dolor sit amet, consectetur adipiscing elit. Integer nec odio.</td></tr>
        <tr><td style="padding:0;"><a class="btn" href="https://shop.example/item/${i}" style="display:inline-block; background:#0a66c2; color:#ffffff; font-size:14px; line-height:18px; text-decoration:none; border-radius:6px; padding:10px 20px; font-family:Arial, Helvetica, sans-serif;">Shop now</a></td></tr>
      </table></td>`;
  };
  const rows: string[] = [];
  let i = 0;
  while (head.length + rows.join('').length < kilobytes * 1024) {
    rows.push(`<tr>${cell(i)}${cell(i + 1)}</tr>`);
    i += 2;
  }
  return `${head}${rows.join('\n')}</table></body></html>`;
}
