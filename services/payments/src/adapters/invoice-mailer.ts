import nodemailer from 'nodemailer';

export interface InvoiceMail {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}
export interface InvoiceMailer {
  send(mail: InvoiceMail): Promise<void>;
}

/**
 * SMTP through nodemailer with the settings the services share (SMTP_HOST, SMTP_PORT, MAIL_FROM; in development and
 * tests the local SMTP sink on 127.0.0.1:2525 receives the mail).
 */
export const createInvoiceMailer = ({
  host = process.env.SMTP_HOST ?? '127.0.0.1',
  port = Number(process.env.SMTP_PORT ?? 2525),
  from = process.env.MAIL_FROM ?? 'Akhada <no-reply@akhada.local>',
}: { host?: string; port?: number; from?: string } = {}): InvoiceMailer => {
  const transport = nodemailer.createTransport({ host, port, secure: false, ignoreTLS: port === 2525 || host === '127.0.0.1', connectionTimeout: 5000 });
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
};
