import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server in-process: the app delivers to it over TCP exactly as to a production relay. */
export async function startSmtp(options: { failFirst?: number } = {}) {
  const received: Received[] = [];
  let failures = options.failFirst ?? 0;
  /** While set, the server holds every message's answer until it resolves (see `hold`). */
  let gate: Promise<void> | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk));
      stream.on('end', async () => {
        if (gate) await gate;
        raw = raw.replace(/=\r\n/g, ''); // undo quoted-printable soft line breaks
        if (failures > 0) {
          failures -= 1;
          return callback(new Error('451 try again later'));
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    /** Holds deliveries mid-message, as a slow relay would; the function returned lets them through. */
    hold(): () => void {
      let release!: () => void;
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
