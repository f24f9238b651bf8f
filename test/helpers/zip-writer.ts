import { crc32, deflateRawSync, inflateRawSync } from "node:zlib";
import type { ZipEntry } from "../../src/sheet/zip/zip-guard";

export interface ZipPart {
  readonly name: string;
  readonly data: Buffer;
  /** Size written into the headers; defaults to the real one (a lying bomb declares less). */
  readonly declaredSize?: number;
}

/** A plain deflated zip, for building test files byte by byte; a low `level` packs a large file fast. */
export function zip(parts: readonly ZipPart[], level = 9): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const packed = deflateRawSync(part.data, { level });
    const size = part.declaredSize ?? part.data.length;
    const crc = crc32(part.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The smallest workbook skeleton: one sheet whose XML is given. */
export function minimalWorkbook(sheetXml: string, level = 9): Buffer {
  return zip(
    [
      {
        name: "[Content_Types].xml",
        data: Buffer.from(
          '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
        ),
      },
      {
        name: "xl/workbook.xml",
        data: Buffer.from(
          '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
            'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
            '<sheets><sheet name="Big &amp; wide" sheetId="1" r:id="rId1"/></sheets></workbook>',
        ),
      },
      {
        name: "xl/_rels/workbook.xml.rels",
        data: Buffer.from(
          '<?xml version="1.0"?>' +
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship ' +
            'Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" ' +
            'Target="worksheets/sheet1.xml"/></Relationships>',
        ),
      },
      { name: "xl/worksheets/sheet1.xml", data: Buffer.from(sheetXml) },
    ],
    level,
  );
}

/** An entry's data as stored in `bytes`, inflated when deflated; found through its local header. */
export function entryData(
  bytes: Uint8Array,
  entry: Pick<ZipEntry, "localHeaderOffset" | "compressedSize" | "method">,
): Buffer {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  const start = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
  const packed = buffer.subarray(start, start + entry.compressedSize);
  return entry.method === 8 ? inflateRawSync(packed) : packed;
}
