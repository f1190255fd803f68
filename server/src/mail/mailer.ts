import nodemailer from "nodemailer";
import type { PrismaClient } from "../generated/prisma/client.js";

export type Email = { to: string; subject: string; text: string };

export type Mailer = {
  kind: "smtp" | "outbox";
  send(email: Email): Promise<void>;
  close(): void;
};

/** SMTP when SMTP_URL is set; otherwise a dev outbox in the database that developers can read. */
export function createMailer(options: { smtpUrl: string | undefined; from: string; prisma: PrismaClient }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: "smtp",
      async send(email) {
        await transport.sendMail({ from: options.from, ...email });
      },
      close: () => transport.close(),
    };
  }
  return {
    kind: "outbox",
    async send(email) {
      await options.prisma.outboxEmail.create({ data: email });
    },
    close: () => {},
  };
}

/** The dev outbox, newest first (optionally for one recipient). */
export function listOutbox(prisma: PrismaClient, to: string | undefined) {
  return prisma.outboxEmail.findMany({
    where: to ? { to: to.trim().toLowerCase() } : {},
    orderBy: { createdAt: "desc" },
    take: 50,
  });
}
