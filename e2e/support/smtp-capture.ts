import fs from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server (smtp-server) that accepts every message and writes it, parsed
 * (postal-mime), as one JSON file in `dir`. Tests read their messages with `waitForMail`.
 */
export type CapturedMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  receivedAt: string;
};

export async function startSmtpCapture(options: { port: number; dir: string; host?: string }) {
  fs.mkdirSync(options.dir, { recursive: true });
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        void deliver(Buffer.concat(chunks), session.envelope.rcptTo, callback);
      });
    },
  });
  const deliver = (raw: Buffer, rcptTo: { address: string }[], callback: (error?: Error | null) => void) =>
    PostalMime.parse(raw)
      .then((email) => {
        const mail: CapturedMail = {
          to: rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          from: email.from?.address ?? '',
          subject: email.subject ?? '',
          text: email.text ?? '',
          html: email.html ?? '',
          headers: Object.fromEntries(email.headers.map((header) => [header.key, header.value])),
          receivedAt: new Date().toISOString(),
        };
        counter += 1;
        const file = path.join(options.dir, `${Date.now()}-${process.pid}-${counter}.json`);
        fs.writeFileSync(`${file}.tmp`, JSON.stringify(mail));
        fs.renameSync(`${file}.tmp`, file);
        callback();
      })
      .catch((error: Error) => callback(error));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * The newest message to `address` received after `since` (and that `where` accepts: another
 * message to the same address, such as sign-up's confirmation, may arrive meanwhile), polling the
 * capture directory.
 */
export async function waitForMail(
  dir: string,
  address: string,
  options: { since?: Date; timeoutMs?: number; where?: (mail: CapturedMail) => boolean } = {},
): Promise<CapturedMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  const wanted = address.toLowerCase();
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.json')) : [];
    const matches = files
      .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as CapturedMail)
      .filter(
        (mail) =>
          mail.to.includes(wanted) &&
          (!options.since || new Date(mail.receivedAt) >= options.since) &&
          (!options.where || options.where(mail)),
      )
      .sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
    const latest = matches.at(-1);
    if (latest) return latest;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No e-mail to ${address} arrived within ${options.timeoutMs ?? 20_000} ms`);
}
