// A separate OS process for tests/unit/mail/mail-outbox.test.ts, on the test file's database
// (DATABASE_PATH or DATABASE_URL): runs a mail sender that delivers to the SMTP URL it is given,
// prints "ready", and stops (finishing the mail in hand) when a line arrives on stdin.
import { once } from "node:events";
import { closeDatabase } from "~/db/client.server";
import { OrderMailSender } from "~/models/flows/order-mail-sender.server";
import { smtpDelivery } from "~/models/mail/delivery.server";

const [smtpUrl] = process.argv.slice(2) as [string];
const sender = new OrderMailSender({ deliver: smtpDelivery(smtpUrl), pollMs: 10, batchSize: 2 }).start();
process.stdout.write("ready\n");
await once(process.stdin, "data");
await sender.stop();
process.stdin.destroy();
await closeDatabase();
