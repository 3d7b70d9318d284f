import type { SendMailOptions, Transporter } from 'nodemailer';

/** What an SMTP server answered one message: its 250 line, or the code and text it refused with. */
export interface SmtpReply {
  code: number | undefined;
  text: string;
}

/** Sends one message over `transport` (closed afterwards) and reads the server's answer. */
export async function smtpReply(transport: Transporter, mail: SendMailOptions): Promise<SmtpReply> {
  try {
    const info = (await transport.sendMail(mail)) as { response: string };
    return { code: 250, text: info.response };
  } catch (error) {
    const { responseCode, response } = error as { responseCode?: number; response?: string };
    return { code: responseCode, text: response ?? (error as Error).message };
  } finally {
    transport.close();
  }
}
