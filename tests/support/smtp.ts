// A real SMTP server in the test process (smtp-server), whose messages are parsed as a mail
// client reads them (mailparser): what the shop's sender hands over, seen from the other end.
import { renameSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type Received = { rcptTo: string[]; mail: ParsedMail };

/**
 * A mail server in trouble (the chaos run): "4xx" refuses each mail for now (451 at MAIL FROM),
 * "5xx" refuses it for good once sent (554 after DATA), "drop" cuts each connection as it opens.
 */
export type SmtpTrouble = "none" | "4xx" | "5xx" | "drop";

export type TestSmtp = {
  port: number;
  url: string;
  received: Received[];
  close(): Promise<void>;
};

/**
 * Listens on 127.0.0.1:`port` (0: any free port), without TLS or authentication. Recipients in
 * `refuse` are refused for good (550), as a server refuses a mailbox that does not exist. With
 * `saveTo`, each message is also written there as `<n>.eml` with its envelope recipients in the
 * first line (`X-Rcpt-To:`), for tests in other processes (tests/e2e/support/mail.ts).
 */
export async function startSmtp(
  port = 0,
  refuse: string[] = [],
  options: { saveTo?: string; trouble?: () => SmtpTrouble } = {},
): Promise<TestSmtp> {
  const trouble = options.trouble ?? (() => "none");
  const received: Received[] = [];
  let saved = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (trouble() === "4xx") callback(Object.assign(new Error("4.3.2 Try again later"), { responseCode: 451 }));
      else callback();
    },
    onRcptTo(address, _session, callback) {
      if (refuse.includes(address.address.toLowerCase())) {
        callback(Object.assign(new Error("5.1.1 No such mailbox"), { responseCode: 550 }));
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", (error) => callback(error));
      stream.on("end", () => {
        if (trouble() === "5xx")
          return callback(Object.assign(new Error("5.7.1 Message refused"), { responseCode: 554 }));
        const raw = Buffer.concat(chunks);
        const rcptTo = session.envelope.rcptTo.map((r) => r.address);
        if (options.saveTo) {
          // Written whole under a temporary name, then renamed: a reader never sees half a mail.
          const file = join(options.saveTo, `${Date.now()}-${++saved}.eml`);
          writeFileSync(`${file}.tmp`, Buffer.concat([Buffer.from(`X-Rcpt-To: ${rcptTo.join(", ")}\r\n`), raw]));
          renameSync(`${file}.tmp`, file);
        }
        simpleParser(raw).then(
          (mail) => {
            received.push({ rcptTo, mail });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  // A client gone mid-session (a sender killed with its worker) is reported here; unheard, it would end the process.
  server.on("error", () => {});
  // Before smtp-server's own listener: the connection is gone before it can greet.
  server.server.prependListener("connection", (socket) => {
    if (trouble() === "drop") socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  // A catcher for a whole test run must not keep the run's process alive at its end.
  if (options.saveTo) server.server.unref();
  const actual = (server.server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nobody listens on (it was free a moment ago): an SMTP server that is down. */
export async function freePort(): Promise<number> {
  const smtp = await startSmtp();
  await smtp.close();
  return smtp.port;
}

/** Resolves once `ready()` holds, polling; fails after `ms`. */
export async function waitUntil(ready: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ready())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}
