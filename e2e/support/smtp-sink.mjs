// A real SMTP server for the end-to-end run: the app sends its mail here (SMTP_URL), and each
// message is written as JSON to E2E_MAIL_DIR, where the journeys read their codes as a user would.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const dir = process.env.E2E_MAIL_DIR;
const port = Number(process.env.E2E_SMTP_PORT ?? 2526);
if (!dir) throw new Error('E2E_MAIL_DIR is required');
await fs.mkdir(dir, { recursive: true });

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then(async (mail) => {
        for (const recipient of session.envelope.rcptTo) {
          const record = { to: recipient.address.toLowerCase(), subject: mail.subject ?? '', text: mail.text ?? '', at: Date.now() };
          await fs.writeFile(path.join(dir, `${Date.now()}-${randomUUID()}.json`), JSON.stringify(record));
        }
        callback();
      })
      .catch(callback);
  },
});
server.listen(port, '127.0.0.1');
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
