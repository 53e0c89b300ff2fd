// Outgoing mail. With SMTP_URL set, messages go through nodemailer; otherwise (the out-of-the-box
// default) each message is written to DATA_DIR/outbox as an .eml file and its subject is logged, so
// a single-machine install can still read its confirmation codes.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    close: () => transport.close(),
  };
}

const headerSafe = (value: string) => value.replace(/[\r\n]+/g, ' ');

export function createOutboxMailer(outboxDir: string, from: string, log: Pick<Logger, 'info'>): Mailer {
  return {
    async send(message) {
      await fs.mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(outboxDir, name);
      const eml = [
        `From: ${headerSafe(from)}`,
        `To: ${headerSafe(message.to)}`,
        `Subject: ${headerSafe(message.subject)}`,
        `Date: ${new Date().toUTCString()}`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        '',
        message.text,
      ].join('\r\n');
      await fs.writeFile(file, eml, { mode: 0o600 });
      log.info({ to: message.to, subject: message.subject, file }, `mail written to the outbox: ${message.subject}`);
    },
    close() {},
  };
}
