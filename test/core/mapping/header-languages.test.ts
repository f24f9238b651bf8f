import { describe, expect, it } from "vitest";
import type { FieldId } from "../../../src/core/fields";
import { suggestMapping } from "../../../src/core/mapping";

/** The field one header maps to on its own, or null. */
const fieldOf = (header: string): FieldId | null => {
  const target = suggestMapping([header]).columns[0]?.target;
  return target?.kind === "field" ? target.field : null;
};

/** Headers as they are written in each language's order sheets and shop exports, with the field each names. */
const HEADERS_BY_LANGUAGE: Readonly<Record<string, readonly (readonly [string, FieldId])[]>> = {
  German: [
    ["Bestell-Nr.", "orderNumber"],
    ["Auftragsnr", "orderNumber"],
    ["Menge", "quantity"],
    ["Stückzahl", "quantity"],
    ["Größe", "size"],
    ["Farbe", "variant"],
    ["Art.-Nr.", "code"],
    ["Artikelnummer", "code"],
    ["Lieferung", "deliveryMethod"],
    ["Versandart", "deliveryMethod"],
    ["Liefertermin", "dueDate"],
    ["Verein", "organisation"],
    ["Ansprechpartner", "contactName"],
    ["Kontakt", "contactName"],
    ["Straße", "streetAddress"],
    ["PLZ", "postalCode"],
    ["Ort", "city"],
    ["Bundesland", "state"],
    ["Land", "country"],
    ["Telefon", "phone"],
    ["E-Mail", "email"],
    ["Bemerkung", "comment"],
    ["Druckdatei", "artworkUrl"],
  ],
  French: [
    ["N° commande", "orderNumber"],
    ["Numéro de commande", "orderNumber"],
    ["N° cde", "orderNumber"],
    ["Qté", "quantity"],
    ["Quantité", "quantity"],
    ["Taille", "size"],
    ["Coloris", "variant"],
    ["Réf. article", "code"],
    ["Mode de livraison", "deliveryMethod"],
    ["Date de livraison", "dueDate"],
    ["Société", "organisation"],
    ["Destinataire", "contactName"],
    ["Code postal", "postalCode"],
    ["Ville", "city"],
    ["Pays", "country"],
    ["Téléphone", "phone"],
    ["Courriel", "email"],
    ["Remarques", "comment"],
    ["Fichier", "artworkUrl"],
  ],
  Spanish: [
    ["Nº pedido", "orderNumber"],
    ["Número de pedido", "orderNumber"],
    ["Cantidad", "quantity"],
    ["Talla", "size"],
    ["Color", "variant"],
    ["Código de artículo", "code"],
    ["Envío", "deliveryMethod"],
    ["Fecha de entrega", "dueDate"],
    ["Empresa", "organisation"],
    ["Persona de contacto", "contactName"],
    ["Dirección", "streetAddress"],
    ["Código postal", "postalCode"],
    ["Provincia", "state"],
    ["País", "country"],
    ["Teléfono", "phone"],
    ["Correo electrónico", "email"],
    ["Observaciones", "comment"],
    ["Archivo de impresión", "artworkUrl"],
  ],
  Italian: [
    ["N. ordine", "orderNumber"],
    ["Numero ordine", "orderNumber"],
    ["Quantità", "quantity"],
    ["Q.tà", "quantity"],
    ["Taglia", "size"],
    ["Colore", "variant"],
    ["Codice articolo", "code"],
    ["Spedizione", "deliveryMethod"],
    ["Data consegna", "dueDate"],
    ["Società", "organisation"],
    ["Referente", "contactName"],
    ["Indirizzo", "streetAddress"],
    ["CAP", "postalCode"],
    ["Città", "city"],
    ["Paese", "country"],
    ["Cellulare", "mobile"],
    ["Note", "comment"],
    ["File di stampa", "artworkUrl"],
  ],
  Dutch: [
    ["Bestelnummer", "orderNumber"],
    ["Ordernr.", "orderNumber"],
    ["Aantal", "quantity"],
    ["Maat", "size"],
    ["Kleur", "variant"],
    ["Artikelnummer", "code"],
    ["Verzendmethode", "deliveryMethod"],
    ["Leverdatum", "dueDate"],
    ["Vereniging", "organisation"],
    ["Contactpersoon", "contactName"],
    ["Adres", "streetAddress"],
    ["Postcode", "postalCode"],
    ["Woonplaats", "city"],
    ["Provincie", "state"],
    ["Telefoonnummer", "phone"],
    ["Opmerkingen", "comment"],
    ["Bestand", "artworkUrl"],
  ],
  "English, as clubs and print shops write it": [
    ["Qty.", "quantity"],
    ["No. off", "quantity"],
    ["How many", "quantity"],
    ["Ord #", "orderNumber"],
    ["PO Ref", "orderNumber"],
    ["Print", "code"],
    ["Transfer code", "code"],
    ["Contact person", "contactName"],
    ["Club name", "organisation"],
    ["Wanted by", "dueDate"],
    ["Deadline", "dueDate"],
    ["Ship via", "deliveryMethod"],
    ["Carrier", "deliveryMethod"],
    ["Ph", "phone"],
    ["Mob", "mobile"],
    ["Remarks", "comment"],
    ["Logo file", "artworkUrl"],
    ["PriceCode", "code"],
  ],
  "English, cut short": [
    ["Deliv. date", "dueDate"],
    ["Cont. name", "contactName"],
    ["Addr.", "streetAddress"],
    ["Org. name", "organisation"],
    ["Cust. ref", "customerReference"],
    ["Ship. instr.", "shippingInstructions"],
  ],
};

describe.each(Object.entries(HEADERS_BY_LANGUAGE))("headers in %s", (_language, headers) => {
  it.each(headers)("%j names %s", (header, field) => {
    expect(fieldOf(header)).toBe(field);
  });
});

describe("words that only look like a field's", () => {
  it.each([
    ["Design", null],
    ["Description", null],
    ["Desc.", null],
    ["Unit price", null],
    ["Total", null],
    ["Player", null],
    ["Number", null],
  ] as const)("%j stays unmapped", (header, field) => {
    expect(fieldOf(header)).toBe(field);
  });
});

describe("a whole club sheet in German", () => {
  it("maps every meaningful column and leaves the shirt number and the note to the user", () => {
    const headers = [
      "Bestellnr.",
      "Verein",
      "Kontakt",
      "Straße",
      "PLZ",
      "Ort",
      "Bundesland",
      "Land",
      "Lieferung",
      "Liefertermin",
      "Artikel-Nr.",
      "Farbe",
      "Größe",
      "Menge",
      "Rückennummer",
      "Bemerkung",
    ];
    const fields = suggestMapping(headers).columns.map((c) => (c.target?.kind === "field" ? c.target.field : null));
    expect(fields).toEqual([
      "orderNumber",
      "organisation",
      "contactName",
      "streetAddress",
      "postalCode",
      "city",
      "state",
      "country",
      "deliveryMethod",
      "dueDate",
      "code",
      "variant",
      "size",
      "quantity",
      null,
      "comment",
    ]);
  });
});
