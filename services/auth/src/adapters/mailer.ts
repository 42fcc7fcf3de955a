import nodemailer from 'nodemailer';

export interface Mailer {
  send(mail: { to: string; subject: string; text: string; html?: string }): Promise<void>;
}

/** SMTP through nodemailer; in development and tests the local SMTP sink (infra) receives the mail. */
export const createSmtpMailer = ({ host, port, from }: { host: string; port: number; from: string }): Mailer => {
  const transport = nodemailer.createTransport({ host, port, secure: false, ignoreTLS: port === 2525, connectionTimeout: 5000 });
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
};
