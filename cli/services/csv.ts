/**
 * CSV as RFC 4180 writes it: fields separated by commas, quoted with double quotes when they hold a comma,
 * a quote or a line break, a quote inside doubled. Lines end in CRLF or LF; a byte order mark is ignored.
 *
 * A cell that a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) is
 * written with a leading apostrophe (as is a cell of apostrophes before such a start), and one apostrophe is
 * removed again on reading, so an exported file is safe to open and still imports unchanged.
 */
/** Cells written with an extra apostrophe: formula starts, and apostrophes before one (so those read back too). */
const DEFUSED = /^'*[=+\-@\t\r]/;

export class CsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CsvError";
  }
}

/** The rows of a CSV text, each a list of cells; blank lines are skipped. */
export function parseCsv(text: string): string[][] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let wasQuoted = false;
  let line = 1;
  const endCell = () => {
    row.push(cell.startsWith("'") && DEFUSED.test(cell.slice(1)) ? cell.slice(1) : cell);
    cell = "";
    wasQuoted = false;
  };
  const endRow = () => {
    endCell();
    if (row.length > 1 || row[0] !== "") rows.push(row);
    row = [];
  };
  for (let i = 0; i < input.length; i++) {
    const char = input[i]!;
    if (quoted) {
      if (char === '"') {
        if (input[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        if (char === "\n") line++;
        cell += char;
      }
      continue;
    }
    if (char === '"') {
      if (cell !== "") throw new CsvError(`Line ${line}: a quote in the middle of an unquoted field`);
      quoted = true;
      wasQuoted = true;
    } else if (char === ",") {
      endCell();
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && input[i + 1] === "\n") i++;
      endRow();
      line++;
    } else {
      if (wasQuoted) throw new CsvError(`Line ${line}: text after a closing quote`);
      cell += char;
    }
  }
  if (quoted) throw new CsvError(`Line ${line}: a quoted field is not closed`);
  if (cell !== "" || row.length > 0) endRow();
  return rows;
}

function formatCell(value: string): string {
  const safe = DEFUSED.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || /^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** CSV text for the rows, CRLF line ends (as RFC 4180 and spreadsheets expect). */
export function formatCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(formatCell).join(",")).join("\r\n") + "\r\n";
}
