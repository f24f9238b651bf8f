/** Whether a field describes the whole job (one value per order) or one line (one per row). */
export type FieldLevel = "job" | "line";

export interface ImportField {
  readonly id: string;
  readonly level: FieldLevel;
  readonly label: string;
  readonly description: string;
  /** Header spellings customers use for this field (matched after normalising). */
  readonly synonyms: readonly string[];
  readonly required?: boolean;
  /**
   * What the field's cells hold, where that is certain: `text` is never just a number (an
   * address line, a name), `number` always has a number in it (a quantity, a width).
   * Mapping refuses a column whose values say otherwise.
   */
  readonly values?: "text" | "number";
}

/** The canonical import fields: what a column of the user's sheet can mean. */
export const IMPORT_FIELDS = [
  { id: "orderNumber", level: "job", label: "Order number", description: "Groups rows into one job; sent as the PO reference.", synonyms: ["order", "order no", "order number", "order id", "po", "po number", "po no", "purchase order", "purchase order number", "order ref", "job ref", "bestellnummer", "auftragsnummer", "numero de commande", "commande", "pedido", "numero de pedido", "ordine"], required: true },
  { id: "description", level: "job", label: "Job description", description: "Short description of the job.", synonyms: ["job description", "job name", "job title", "order description", "order name", "team", "team name"], values: "text" },
  { id: "orderComment", level: "job", label: "Order comment", description: "Comment sent to the factory with the order.", synonyms: ["order comment", "order comments", "order notes", "job comment", "job notes", "factory notes"], values: "text" },
  { id: "dueDate", level: "job", label: "Due date", description: "Requested ship date.", synonyms: ["due", "due date", "date due", "ship date", "required by", "needed by", "in hands date", "delivery date", "date required"] },
  { id: "mustDate", level: "job", label: "Must date", description: "Yes when the due date is a hard requirement.", synonyms: ["must date", "hard date", "firm date", "date is firm", "must ship by"] },
  { id: "promoCode", level: "job", label: "Promo code", description: "Promotion code for the job.", synonyms: ["promo", "promo code", "promotion", "promotion code", "discount code", "voucher", "coupon"] },
  { id: "deliveryMethod", level: "job", label: "Delivery method", description: "Delivery option code or label.", synonyms: ["delivery", "delivery method", "shipping", "shipping method", "ship", "ship method", "ship via", "courier", "freight", "delivery option", "service"] },
  { id: "contactName", level: "job", label: "Contact name", description: "Person receiving the delivery.", synonyms: ["contact", "contact name", "attention", "attn", "recipient", "ship to", "ship to name", "deliver to", "name"], values: "text" },
  { id: "organisation", level: "job", label: "Organisation", description: "Club or company receiving the delivery.", synonyms: ["organisation", "organization", "company", "club", "business", "ship to company"], values: "text" },
  { id: "streetAddress", level: "job", label: "Street address", description: "First address line.", synonyms: ["address", "street", "street address", "address 1", "address line 1", "addr 1", "ship to address", "strasse", "adresse", "direccion"], values: "text" },
  { id: "address2", level: "job", label: "Address line 2", description: "Second address line.", synonyms: ["address 2", "address line 2", "addr 2", "unit", "unit number", "building"], values: "text" },
  { id: "suburb", level: "job", label: "Suburb", description: "Suburb or district.", synonyms: ["suburb", "district", "locality", "neighbourhood", "neighborhood"], values: "text" },
  { id: "city", level: "job", label: "City", description: "Town or city.", synonyms: ["city", "town", "town city", "city town", "ort", "stadt", "ville", "ciudad"], values: "text" },
  { id: "state", level: "job", label: "State", description: "State or province (abbreviation or name).", synonyms: ["state", "province", "region", "county", "state province"], values: "text" },
  { id: "postalCode", level: "job", label: "Postal code", description: "Postcode or ZIP code.", synonyms: ["postcode", "post code", "postal code", "zip", "zip code", "plz", "code postal", "codigo postal"] },
  { id: "country", level: "job", label: "Country", description: "Country name, ISO2 or ISO3 code.", synonyms: ["country", "country code", "nation", "land", "pays"], values: "text" },
  { id: "phone", level: "job", label: "Phone", description: "Delivery contact phone.", synonyms: ["phone", "telephone", "tel", "phone number", "contact phone"] },
  { id: "mobile", level: "job", label: "Mobile", description: "Delivery contact mobile.", synonyms: ["mobile", "cell", "cell phone", "mobile number", "handy"] },
  { id: "email", level: "job", label: "Email", description: "Delivery contact email.", synonyms: ["email", "e mail", "email address", "contact email"], values: "text" },
  { id: "shippingInstructions", level: "job", label: "Shipping instructions", description: "Instructions for the courier.", synonyms: ["shipping instructions", "delivery instructions", "courier instructions", "delivery notes", "special instructions"], values: "text" },
  { id: "saturdayDelivery", level: "job", label: "Saturday delivery", description: "Yes for Saturday delivery (some express carriers).", synonyms: ["saturday", "saturday delivery", "sat delivery"] },
  { id: "itemType", level: "line", label: "Item type", description: "PriceCode, Asset or Stock; inferred from the code when blank.", synonyms: ["item type", "type", "line type", "product type", "kind"], values: "text" },
  { id: "code", level: "line", label: "Code", description: "Price code, asset tag or stock code.", synonyms: ["code", "price code", "product code", "item code", "sku", "asset", "asset tag", "tag", "stock code", "product", "item", "style", "style code"] },
  { id: "variant", level: "line", label: "Variant", description: "Stock variant code or colour.", synonyms: ["variant", "variant code", "colour", "color", "garment colour", "garment color", "farbe", "couleur"] },
  { id: "quantity", level: "line", label: "Quantity", description: "How many of the line.", synonyms: ["qty", "quantity", "pcs", "pieces", "units", "count", "amount", "total qty", "menge", "anzahl", "stuck", "stk", "cantidad", "quantite", "qte", "quantita"], values: "number" },
  { id: "size", level: "line", label: "Size", description: "Garment size (long layout: one size per row).", synonyms: ["size", "garment size", "sz", "grosse", "taille", "talla", "taglia"] },
  { id: "customerReference", level: "line", label: "Customer reference", description: "Your reference for the line; generated when blank.", synonyms: ["customer reference", "customer ref", "reference", "ref", "line ref", "line reference", "your ref"] },
  { id: "artworkUrl", level: "line", label: "Artwork URL", description: "Link to the artwork file.", synonyms: ["artwork", "artwork url", "artwork link", "art url", "art link", "file url", "image url", "design url", "artwork file"], values: "text" },
  { id: "externalId", level: "line", label: "External id", description: "Your system's design id.", synonyms: ["external id", "design id", "external ref", "your design id"] },
  { id: "sample", level: "line", label: "Sample", description: "Yes for a sample (bypasses minimums).", synonyms: ["sample", "is sample", "sample only"] },
  { id: "garment", level: "line", label: "Garment", description: "Garment the transfer goes on.", synonyms: ["garment", "garment type", "apparel", "blank"], values: "text" },
  { id: "comment", level: "line", label: "Line comment", description: "Comment for this line.", synonyms: ["comment", "comments", "line comment", "note", "notes", "line notes"], values: "text" },
  { id: "width", level: "line", label: "Width", description: "Width of a custom-size product.", synonyms: ["width", "w", "width in", "custom width"], values: "number" },
  { id: "height", level: "line", label: "Height", description: "Height of a custom-size product.", synonyms: ["height", "h", "height in", "custom height", "length"], values: "number" },
] as const satisfies readonly ImportField[];

export type FieldId = (typeof IMPORT_FIELDS)[number]["id"];
export const FIELD_IDS: readonly FieldId[] = IMPORT_FIELDS.map((field) => field.id);

export function fieldById(id: FieldId): ImportField {
  const field = IMPORT_FIELDS.find((f) => f.id === id);
  if (field === undefined) throw new Error(`Unknown field ${id}`);
  return field;
}
