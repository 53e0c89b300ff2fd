// A real SMTP server for tests (smtp-server + mailparser): the app sends through nodemailer, the
// test reads what arrived and takes the code out of it, as a user would.
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createSmtpMailer, type Mailer } from '../../src/platform/mail/mail.js';

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
}

export interface SmtpReceiver {
  url: string;
  mails: ReceivedMail[];
  mailer(): Mailer;
  /** Waits for the next mail to this address that arrives after `since` mails were counted. */
  waitFor(to: string, options?: { since?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  countFor(to: string): number;
  close(): Promise<void>;
}

export const codeIn = (mail: ReceivedMail): string => {
  const match = /^\s+([0-9]{6})\s*$/m.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in mail "${mail.subject}"`);
  return match[1];
};

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          for (const recipient of session.envelope.rcptTo) {
            mails.push({
              to: recipient.address.toLowerCase(),
              from: parsed.from?.text ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
            });
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `smtp://127.0.0.1:${port}`;
  const countFor = (to: string) => mails.filter((mail) => mail.to === to.toLowerCase()).length;
  return {
    url,
    mails,
    mailer: () => createSmtpMailer(`${url}?ignoreTLS=true`, 'Surgery Videos <no-reply@test.local>'),
    countFor,
    async waitFor(to, options = {}) {
      const since = options.since ?? 0;
      const deadline = Date.now() + (options.timeoutMs ?? 5000);
      for (;;) {
        const forRecipient = mails.filter((mail) => mail.to === to.toLowerCase());
        const mail = forRecipient[since];
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived (had ${forRecipient.length})`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
