import type { BytesFingerprint } from "../../formats/bytes-fingerprint";
import type { TextEncodingName } from "../../formats/decode-text";
import type { CsvDelimiter, LineEnd } from "../../formats/sniff-delimiter";
import type { CsvRowMeasures } from "./csv-row-measures";
import type { ScannedRecords } from "./csv-text-rows";

/**
 * What reading a CSV file found of it, for writing results back into the same file without decoding and splitting it
 * again: its records as split, and how its text was made from its bytes. It is the same file when its bytes' length
 * and fingerprint are; any other file is read through again.
 */
export interface CsvAsRead {
  readonly file: BytesFingerprint;
  readonly encoding: TextEncodingName;
  /** Where the text starts in the bytes: just past the byte-order mark, if any. */
  readonly start: number;
  /** Code units in the whole text, a second byte-order mark papaparse drops included. */
  readonly textLength: number;
  /** Where the first record starts in the text: past that second byte-order mark, if any. */
  readonly textStart: number;
  readonly delimiter: CsvDelimiter;
  readonly newline: LineEnd;
  /** Every record, in the whole text. */
  readonly records: ScannedRecords;
  /** Each row's used width, for the table's from the header row down. */
  readonly measures: CsvRowMeasures;
}
