/** CRC-32 tables for eight bytes at a time ("slicing by 8"): table k gives a byte's CRC k bytes further on. */
const CRC_TABLES = (() => {
  const tables = new Uint32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    tables[n] = c >>> 0;
  }
  for (let n = 0; n < 256; n++) {
    for (let k = 1; k < 8; k++)
      tables[k * 256 + n] =
        ((tables[(k - 1) * 256 + n] as number) >>> 8) ^
        (tables[(tables[(k - 1) * 256 + n] as number) & 0xff] as number);
  }
  return tables;
})();

/** Carries a CRC-32 over more data: start from 0, and the result is the CRC so far. */
export function crc32(crc: number, data: Uint8Array): number {
  const t = CRC_TABLES;
  let c = ~crc;
  let i = 0;
  for (const end8 = data.length - 8; i <= end8; i += 8) {
    const lo =
      c ^
      ((data[i] as number) |
        ((data[i + 1] as number) << 8) |
        ((data[i + 2] as number) << 16) |
        ((data[i + 3] as number) << 24));
    c =
      (t[7 * 256 + (lo & 0xff)] as number) ^
      (t[6 * 256 + ((lo >>> 8) & 0xff)] as number) ^
      (t[5 * 256 + ((lo >>> 16) & 0xff)] as number) ^
      (t[4 * 256 + (lo >>> 24)] as number) ^
      (t[3 * 256 + (data[i + 4] as number)] as number) ^
      (t[2 * 256 + (data[i + 5] as number)] as number) ^
      (t[256 + (data[i + 6] as number)] as number) ^
      (t[data[i + 7] as number] as number);
  }
  for (; i < data.length; i++) c = (t[(c ^ (data[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return ~c >>> 0;
}
