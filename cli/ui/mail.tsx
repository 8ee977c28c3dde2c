/** What `convey mail list|show` prints on stdout: one line per message, or one message with its text. */
import { Box, Text } from "ink";
import type { PageInfo } from "../../core/shared/contract.js";
import { MAIL_KIND_LABELS, type MailMessage, type MailSummary } from "../../core/shared/mail-sandbox.js";
import type { Io } from "../io.js";
import { MAIL_COLUMNS, rangeOf, when } from "./columns.js";
import { printResult } from "./render.js";
import { Table } from "./table.js";
import { Tone } from "./theme.js";

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
  list: (io: Io, records: MailSummary[], page: PageInfo) => printResult(io, <MailTable records={records} page={page} />),
  message: (io: Io, mail: MailMessage) => printResult(io, <MailView mail={mail} />),
};
