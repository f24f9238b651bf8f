/** Why XML was not read: nothing a spreadsheet program writes looks like this. */
export type XmlRefusalKind = "doctype" | "depth" | "markup-size" | "malformed";

/** Thrown by the tokenizer and its views; the reader and the writer each say what it means for the user. */
export class XmlRefusal extends Error {
  constructor(
    readonly kind: XmlRefusalKind,
    detail: string,
  ) {
    super(detail);
    this.name = "XmlRefusal";
  }
}

/** Text that is not XML, or not the XML expected; `detail` says where it broke. */
export const malformed = (detail: string) => new XmlRefusal("malformed", detail);
