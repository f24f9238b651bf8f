import { IMPORT_FIELDS, type FieldId } from "../fields";
import { headerWords } from "./normalise";

/** A language whose everyday header words the mapping knows, beside English (whose words are in fields.ts). */
export type HeaderLanguage = "de" | "fr" | "es" | "it" | "nl";

type WordTable = Readonly<Partial<Record<FieldId, readonly string[]>>>;

/**
 * The words order sheets, shop exports and club order forms use for each field, per language, as written (the
 * mapping normalises them: case, accents, "ß", "Nr.", "N°" and "#"). Words that mean two things in one language
 * ("Land" is a country in German, a state elsewhere) are listed where they mostly mean one; words for an item's
 * description ("Descripción", "Omschrijving") are left out, as that is not the job's.
 */
export const HEADER_WORDS: Readonly<Record<HeaderLanguage, WordTable>> = {
  de: {
    orderNumber: [
      "Bestellnummer",
      "Bestell-Nr.",
      "Bestellnr.",
      "Auftragsnummer",
      "Auftrags-Nr.",
      "Auftragsnr.",
      "Auftrag",
      "Bestellung",
      "Belegnummer",
      "PO-Nummer",
    ],
    description: ["Auftragsbezeichnung", "Projekt", "Mannschaft"],
    orderComment: ["Auftragsbemerkung", "Bestellhinweis", "Hinweis zur Bestellung"],
    dueDate: ["Liefertermin", "Lieferdatum", "Wunschtermin", "Wunschdatum", "Termin", "Fällig", "Benötigt bis"],
    deliveryMethod: ["Lieferung", "Versand", "Versandart", "Lieferart", "Zustellung", "Versandweg"],
    contactName: ["Kontakt", "Ansprechpartner", "Kontaktperson", "Empfänger", "Besteller"],
    organisation: ["Verein", "Vereinsname", "Firma", "Unternehmen", "Schule", "Kunde"],
    streetAddress: ["Straße", "Adresse", "Anschrift", "Straße und Hausnummer", "Strasse Nr."],
    address2: ["Adresszusatz", "Zusatz"],
    suburb: ["Ortsteil", "Stadtteil"],
    city: ["Ort", "Stadt", "Wohnort"],
    state: ["Bundesland", "Kanton"],
    postalCode: ["PLZ", "Postleitzahl"],
    country: ["Land", "Staat"],
    phone: ["Telefon", "Telefonnummer", "Rufnummer"],
    mobile: ["Handy", "Mobil", "Mobiltelefon", "Handynummer"],
    email: ["E-Mail-Adresse", "Mail"],
    shippingInstructions: ["Lieferhinweis", "Lieferhinweise", "Versandhinweis", "Zustellhinweis"],
    saturdayDelivery: ["Samstagszustellung"],
    promoCode: ["Gutschein", "Gutscheincode", "Rabattcode", "Aktionscode"],
    code: ["Artikel", "Artikelnummer", "Artikel-Nr.", "Artikelnr.", "Art.-Nr.", "Druck", "Motiv", "Produkt"],
    variant: ["Farbe", "Textilfarbe", "Variante"],
    quantity: ["Menge", "Anzahl", "Stück", "Stk.", "Stückzahl", "Anz."],
    size: ["Größe", "Gr.", "Konfektionsgröße"],
    customerReference: ["Referenz", "Ihre Referenz", "Ihr Zeichen"],
    artworkUrl: ["Druckdatei", "Grafik", "Logo-Datei"],
    comment: ["Bemerkung", "Bemerkungen", "Anmerkung", "Anmerkungen", "Kommentar"],
    garment: ["Textil", "Kleidungsstück"],
    sample: ["Muster"],
    width: ["Breite"],
    height: ["Höhe"],
  },
  fr: {
    orderNumber: [
      "N° commande",
      "N° de commande",
      "Numéro de commande",
      "Commande",
      "Bon de commande",
      "Réf. commande",
      // "Cde" is how French order forms shorten commande.
      "N° cde",
      "Cde",
    ],
    description: ["Libellé", "Désignation", "Équipe", "Projet"],
    orderComment: ["Commentaire commande", "Remarque commande"],
    dueDate: ["Date de livraison", "Date souhaitée", "Date limite", "Échéance", "Livrer avant", "Délai"],
    deliveryMethod: ["Livraison", "Mode de livraison", "Expédition", "Mode d'expédition", "Transporteur", "Envoi"],
    contactName: ["Nom du contact", "Destinataire", "Responsable", "Nom"],
    organisation: ["Société", "Entreprise", "Association", "École"],
    streetAddress: ["Rue", "Adresse 1"],
    address2: ["Complément d'adresse", "Complément"],
    city: ["Ville", "Commune", "Localité"],
    state: ["Région", "Département", "État"],
    postalCode: ["Code postal", "CP"],
    country: ["Pays"],
    phone: ["Téléphone", "Tél."],
    mobile: ["Portable", "Tél. portable"],
    email: ["Courriel", "Adresse e-mail"],
    shippingInstructions: ["Instructions de livraison", "Consignes de livraison"],
    saturdayDelivery: ["Livraison le samedi"],
    promoCode: ["Code promo"],
    code: ["Code article", "Réf. article", "Code produit", "Produit", "Impression", "Motif", "Visuel"],
    variant: ["Couleur", "Coloris"],
    quantity: ["Quantité", "Qté", "Nombre", "Nb"],
    size: ["Taille", "Tailles"],
    customerReference: ["Votre référence", "Référence client"],
    artworkUrl: ["Fichier", "Lien", "Lien du fichier"],
    comment: ["Commentaire", "Commentaires", "Remarque", "Remarques", "Observations"],
    garment: ["Vêtement", "Textile"],
    sample: ["Échantillon"],
    width: ["Largeur"],
    height: ["Hauteur"],
  },
  es: {
    orderNumber: ["Pedido", "Número de pedido", "Nº pedido", "N° de pedido", "Orden de compra", "Número de orden"],
    description: ["Equipo", "Proyecto"],
    orderComment: ["Comentario del pedido", "Notas del pedido"],
    dueDate: ["Fecha de entrega", "Fecha entrega", "Fecha límite", "Fecha requerida"],
    deliveryMethod: ["Envío", "Método de envío", "Tipo de envío", "Forma de envío", "Transporte", "Mensajería"],
    contactName: ["Contacto", "Persona de contacto", "Destinatario", "Nombre"],
    organisation: ["Empresa", "Organización", "Colegio", "Escuela", "Entidad"],
    streetAddress: ["Dirección", "Calle", "Domicilio"],
    address2: ["Dirección 2", "Piso"],
    suburb: ["Barrio", "Colonia"],
    city: ["Ciudad", "Localidad", "Población", "Municipio"],
    state: ["Provincia", "Estado", "Comunidad"],
    postalCode: ["Código postal"],
    country: ["País"],
    phone: ["Teléfono"],
    mobile: ["Móvil", "Celular"],
    email: ["Correo", "Correo electrónico"],
    shippingInstructions: ["Instrucciones de entrega", "Instrucciones de envío"],
    promoCode: ["Código promocional", "Cupón"],
    code: ["Artículo", "Código", "Código de artículo", "Producto", "Estampado", "Diseño"],
    variant: ["Color"],
    quantity: ["Cantidad", "Cant.", "Unidades", "Uds."],
    size: ["Talla", "Tallas"],
    comment: ["Comentario", "Comentarios", "Observaciones", "Notas"],
    garment: ["Prenda"],
    sample: ["Muestra"],
    width: ["Ancho"],
    height: ["Alto", "Altura"],
    artworkUrl: ["Archivo", "Archivo de impresión", "Enlace del archivo", "Enlace al archivo"],
  },
  it: {
    orderNumber: ["Ordine", "Numero ordine", "N. ordine", "Numero d'ordine", "Rif. ordine"],
    description: ["Squadra", "Progetto"],
    orderComment: ["Note ordine"],
    dueDate: ["Data consegna", "Data di consegna", "Scadenza", "Data richiesta"],
    deliveryMethod: ["Spedizione", "Metodo di spedizione", "Modalità di spedizione", "Corriere", "Tipo spedizione"],
    contactName: ["Contatto", "Referente", "Destinatario", "Nome"],
    organisation: ["Società", "Azienda", "Associazione", "Scuola"],
    streetAddress: ["Indirizzo", "Via"],
    address2: ["Indirizzo 2", "Interno"],
    suburb: ["Frazione", "Quartiere"],
    city: ["Città", "Comune", "Località"],
    state: ["Regione"],
    postalCode: ["CAP", "Codice postale"],
    country: ["Paese", "Nazione", "Stato"],
    phone: ["Telefono"],
    mobile: ["Cellulare"],
    email: ["Posta elettronica"],
    shippingInstructions: ["Istruzioni di consegna", "Note di consegna", "Note spedizione"],
    promoCode: ["Codice sconto", "Codice promozionale"],
    code: ["Articolo", "Codice", "Codice articolo", "Cod. articolo", "Prodotto", "Stampa", "Grafica"],
    variant: ["Colore"],
    quantity: ["Quantità", "Qtà", "Q.tà", "Pezzi", "Pz."],
    size: ["Taglia", "Taglie", "Misura"],
    comment: ["Nota", "Commento", "Osservazioni"],
    garment: ["Capo", "Indumento"],
    sample: ["Campione"],
    width: ["Larghezza"],
    height: ["Altezza"],
    artworkUrl: ["Grafica", "File di stampa", "File grafico", "Link del file"],
  },
  nl: {
    orderNumber: ["Bestelnummer", "Bestel-nr.", "Bestelnr.", "Ordernummer", "Ordernr.", "Bestelling", "Inkoopnummer"],
    description: ["Project"],
    orderComment: ["Opmerking bestelling"],
    dueDate: ["Leverdatum", "Gewenste leverdatum", "Afleverdatum", "Uiterlijk"],
    deliveryMethod: ["Verzending", "Verzendmethode", "Verzendwijze", "Levering", "Bezorging", "Leverwijze"],
    contactName: ["Contactpersoon", "Naam", "Ontvanger", "T.a.v."],
    organisation: ["Vereniging", "Bedrijf", "Organisatie"],
    streetAddress: ["Adres", "Straat", "Straatnaam"],
    address2: ["Adres 2", "Toevoeging"],
    suburb: ["Wijk"],
    city: ["Plaats", "Woonplaats", "Stad"],
    state: ["Provincie"],
    country: ["Land"],
    phone: ["Telefoon", "Telefoonnummer"],
    mobile: ["Mobiel", "GSM", "Mobiel nummer"],
    email: ["E-mailadres", "Emailadres"],
    shippingInstructions: ["Leverinstructies", "Bezorginstructies"],
    promoCode: ["Kortingscode", "Actiecode"],
    code: ["Artikelnummer", "Artikelnr.", "Artikelcode", "Productcode", "Bedrukking", "Ontwerp"],
    variant: ["Kleur"],
    quantity: ["Aantal", "Stuks", "Hoeveelheid"],
    size: ["Maat", "Maten"],
    comment: ["Opmerking", "Opmerkingen", "Notitie"],
    garment: ["Kledingstuk"],
    sample: ["Proef"],
    width: ["Breedte"],
    height: ["Hoogte"],
    artworkUrl: ["Bestand", "Drukbestand", "Link naar bestand", "Link bestand"],
  },
};

/** One way of naming a field in a header, as the mapping compares headers. */
export interface FieldWord {
  readonly field: FieldId;
  /** Normalised by `headerWords`. */
  readonly text: string;
  /** The importer's own label for the field, the surest match of all. */
  readonly isLabel: boolean;
  /** A word of another language than English: never taken as cut short ("Design" is not "Désignation"). */
  readonly isForeign: boolean;
}

/** Every field's label, English words (fields.ts) and other languages' words, normalised, each once per field. */
export const FIELD_WORDS: readonly FieldWord[] = IMPORT_FIELDS.flatMap((field) => {
  const label = headerWords(field.label);
  const english = new Set(field.synonyms.map(headerWords).filter((text) => text !== label));
  const foreign = new Set(
    Object.values(HEADER_WORDS)
      .flatMap((table) => table[field.id] ?? [])
      .map(headerWords)
      .filter((text) => text !== label && !english.has(text)),
  );
  return [
    { field: field.id, text: label, isLabel: true, isForeign: false },
    ...[...english].map((text) => ({ field: field.id, text, isLabel: false, isForeign: false })),
    ...[...foreign].map((text) => ({ field: field.id, text, isLabel: false, isForeign: true })),
  ];
});
