import { packStream, type PackedPart } from "./part-text";
import { rewriteZip } from "./rewrite-zip";

/** A zip with no entries: its end record alone. */
const EMPTY_ZIP = (() => {
  const end = new Uint8Array(22);
  new DataView(end.buffer).setUint32(0, 0x06054b50, true);
  return end;
})();

/** Files deflated into one zip, in the order given: several result sheets in one download. */
export async function zipFiles(
  files: readonly { readonly name: string; readonly bytes: Uint8Array }[],
  at: Date,
): Promise<Uint8Array> {
  const parts: PackedPart[] = [];
  for (const file of files) {
    const data = new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(controller) {
        // A copy: the deflater may take over what it is given.
        controller.enqueue(file.bytes.slice() as Uint8Array<ArrayBuffer>);
        controller.close();
      },
    });
    parts.push(await packStream(file.name, data, file.bytes.length));
  }
  return rewriteZip(EMPTY_ZIP, new Map(), parts, at);
}
