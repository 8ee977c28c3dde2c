/** What `convey mail list|show` shows on stderr: one line per message, or one message with its text. */
import { Box, Text } from "ink";
import type { PageInfo } from "../../core/shared/contract.js";
import { MAIL_KIND_LABELS, type MailMessage, type MailSummary } from "../../core/shared/mail-sandbox.js";
import type { Io } from "../io.js";
import { rangeOf } from "./administration.js";
import { printView } from "./render.js";
import { Table, type Column } from "./table.js";
import { Tone } from "./theme.js";

/** `2030-06-28 15:00:00`, in UTC as the audit log shows its times. */
const when = (iso: string) => iso.replace("T", " ").slice(0, 19);

const MAIL_COLUMNS: Column<MailSummary>[] = [
  { header: "Id", value: (mail) => mail.id },
  { header: "Sent", value: (mail) => when(mail.sentAt) },
  { header: "To", value: (mail) => mail.to, max: 40 },
  { header: "Subject", value: (mail) => mail.subject },
];

export function MailTable({ records, page }: { records: MailSummary[]; page: PageInfo }) {
  if (records.length === 0) return <Text>No emails found.</Text>;
  return (
    <Box flexDirection="column">
      <Table columns={MAIL_COLUMNS} rows={records} rowKey={(mail) => mail.id} />
      <Box marginTop={1}>
        <Tone tone="muted">{rangeOf(page)} emails, newest first; times on the product clock (UTC)</Tone>
      </Box>
    </Box>
  );
}

export function MailView({ mail }: { mail: MailMessage }) {
  return (
    <Box flexDirection="column">
      <Text>
        <Tone tone="muted">To </Tone>
        {mail.to}
      </Text>
      <Text>
        <Tone tone="muted">Sent </Tone>
        {when(mail.sentAt)} ({MAIL_KIND_LABELS[mail.kind]})
      </Text>
      <Text>
        <Tone tone="muted">Subject </Tone>
        {mail.subject}
      </Text>
      <Box marginTop={1}>
        <Text>{mail.text}</Text>
      </Box>
    </Box>
  );
}

export const print = {
  list: (io: Io, records: MailSummary[], page: PageInfo) => printView(io, <MailTable records={records} page={page} />),
  message: (io: Io, mail: MailMessage) => printView(io, <MailView mail={mail} />),
};
