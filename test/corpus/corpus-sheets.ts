/**
 * The corpus: order sheets as sports clubs and print shops write them, in five languages besides
 * English. Every code, colour, size, question and delivery option comes from the catalogue of the
 * account the sheets are written for (corpus-data.ts checks each one; the sheets name them as the
 * demo account does and each account's profile, corpus-accounts.ts, gives its own), and every order
 * is right apart from what a person reading the sheet would put right: its layout (title rows,
 * order numbers on the first row only, one column per size, totals and notes under the data), its
 * headers and its spellings (a colour, a country or a delivery method in the sheet's language, a
 * state misspelt, a date written the local way, a size written as a youth size). Every account gets
 * the same sheets: the same layouts, headers and mistakes, with its own codes, questions and values.
 */
import { assetQuantity, codeOf, countryName, dateText, dueDay, stateOf, type CorpusCatalogue } from "./corpus-data";
import {
  answerColumn,
  artworkColumn,
  assetLine,
  codeColumn,
  colourColumn,
  customSizeLine,
  dimensionColumn,
  jobColumn,
  keptColumn,
  noteColumn,
  orderColumn,
  printLine,
  quantityColumn,
  rowTotalColumn,
  sizeColumn,
  sizesColumn,
  stockLine,
  type Column,
  type Line,
  type SheetSpec,
} from "./corpus-model";

/** A price code written without its punctuation, words and numbers apart ('DTF A3 Full Colour'). */
const withoutPunctuation = (code: string) =>
  code
    .replace(/[^\p{L}\p{N}\s]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

/** A price code as a word processor's autocorrect leaves it: curly quotes, en dashes. */
const autocorrected = (code: string) => code.replace(/"/g, "”").replace(/-/g, "–");

/** The corpus's sheets, written for the account whose catalogue `c` is. */
export function corpusSheets(c: CorpusCatalogue): readonly SheetSpec[] {
  // What the sheets order, found in the account's catalogue.
  const tee = c.stock("AS5001");
  const womensTee = c.stock("AS5051");
  const youthTee = c.stock("AS3006");
  const hood = c.stock("AS5101");
  const polo = c.stock("CB7720");
  const jersey = c.stock("RJ100");
  const youthJersey = c.stock("RJ100Y");
  const cap = c.stock("CP1140");

  const dtf10 = c.priceCode("DTF-STD", 10, 10);
  const dtf8 = c.priceCode("DTF-STD", 8, 8);
  const dtf5 = c.priceCode("DTF-STD", 5, 5);
  const dtf4 = c.priceCode("DTF-STD", 4, 4);
  const dtf11x14 = c.priceCode("DTF-STD", 11, 14);
  const dtfA4 = c.priceCodeNamed("DTF-STD", "A4");
  const dtfA3 = c.priceCodeNamed("DTF-STD", "A3");
  const glitter10 = c.priceCode("DTF-GLT", 10, 10);
  const screen2 = c.priceCode("SCR-PLS", 8, 10, "2 Colour");
  const screenA4 = c.priceCodeNamed("SCR-PLS", "A4 1 Colour");
  const screen3 = c.priceCode("SCR-PLS", 11, 14, "3 Colour");
  const sublimationA3 = c.priceCodeNamed("SUB-STD", "A3");
  const sublimationA4 = c.priceCodeNamed("SUB-STD", "A4");
  const gangSheet = c.customSizeCode("DTF");
  const playerName = c.priceCodeNamed("HTV-NAM", 'Name 2"');
  const playerNumber = c.priceCodeNamed("HTV-NUM", 'Number 8"');
  const patch = c.priceCodeNamed("EMB-PAT", '3" Round');
  const neckLabel = c.priceCode("LBL-STD", 2, 1);

  const COURIER = c.deliveryLabel("CPSTD");
  const OVERNIGHT = c.deliveryLabel("CPON");
  const RURAL = c.deliveryLabel("RURAL");
  const INTERNATIONAL = c.deliveryLabel("INTL");
  const PICK_UP = c.deliveryLabel("PICKUP");

  const fabric = (text: string) => c.option(dtf10, "Fabric", text);
  const placement = (text: string) => c.option(dtf10, "Placement", text);
  const vinyl = (text: string) => c.option(playerName, "VinylColour", text);
  const font = (text: string) => c.option(playerName, "Font", text);

  const NZ = countryName("NZ");
  const AUSTRALIA = countryName("AU");
  const NSW = stateOf("AU", "NSW");
  const VIC = stateOf("AU", "VIC");
  const QLD = stateOf("AU", "QLD");
  const TAS = stateOf("AU", "TAS");
  const WA = stateOf("AU", "WA");
  const TEXAS = stateOf("US", "TX");
  const CALIFORNIA = stateOf("US", "CA");
  const FLORIDA = stateOf("US", "FL");

  /** A state's name or abbreviation misspelt as a person typed it: `typed` must differ from what it stands for. */
  function misspelt(typed: string, state: { readonly name: string; readonly abbreviation: string }): string {
    if (typed === state.name || typed === state.abbreviation) throw new Error(`"${typed}" is not misspelt`);
    return typed;
  }

  /** A name and a number transfer for each player: the way clubs list them, one line each. */
  function namesAndNumbers(
    players: readonly (readonly [name: string, number: string])[],
    colour: string,
    as: { readonly colour?: string; readonly font?: string } = {},
  ): Line[] {
    const written: Record<string, string> = as.colour ? { VinylColour: as.colour } : {};
    const fontAnswer: Record<string, string> = as.font ? { Font: font(as.font) } : {};
    return players.flatMap(([name, number]) => [
      printLine(playerName, 1, { VinylColour: vinyl(colour), PlayerName: name, ...fontAnswer }, { answers: written }),
      printLine(
        playerNumber,
        1,
        { VinylColour: vinyl(colour), PlayerNumber: number, ...fontAnswer },
        { answers: written },
      ),
    ]);
  }

  /** One size column per size of a wide layout: [header, size of the run]. */
  const sizeColumns = (sizes: readonly (readonly [header: string, size: string])[]): Column[] =>
    sizes.map(([header, sizeLabel]) => sizesColumn(header, sizeLabel));

  const ADULT_WIDE = [
    ["XS", "XS"],
    ["S", "S"],
    ["M", "M"],
    ["L", "L"],
    ["XL", "XL"],
    ["XXL", "2XL"],
  ] as const;

  const money = (amount: number) => Math.round(amount * 100) / 100;

  // --- 1. A German club's collective order: CSV with semicolons, saved by Excel in Windows-1252 --------

  const germanClub: SheetSpec = {
    file: "de-verein-sammelbestellung.csv",
    messy:
      "German headers; ';' CSV in Windows-1252; two title rows; long layout (one row per size) with the order " +
      "number and job details on each order's first row only; 'Neuseeland'; dates dd.mm.yyyy; a colour, 'Abholung' " +
      "and a one-size cap written in German; totals and note rows under the data",
    csv: { delimiter: ";", encoding: "windows-1252", lineEnd: "\r\n" },
    above: [
      ["Sammelbestellung Vereinskleidung Saison 2027"],
      ["Deutscher Turnverein Auckland e.V. – Stand 18.11.2026"],
      [],
    ],
    columns: [
      orderColumn("Bestellnr."),
      jobColumn("Verein", "organisation"),
      jobColumn("Kontakt", "contactName"),
      jobColumn("Telefon", "phone"),
      jobColumn("Straße", "streetAddress"),
      jobColumn("PLZ", "postalCode"),
      jobColumn("Ort", "city"),
      jobColumn("Land", "country"),
      jobColumn("Lieferung", "deliveryMethod"),
      jobColumn("Liefertermin", "dueDate"),
      codeColumn("Artikel"),
      colourColumn("Farbe"),
      sizeColumn("Größe"),
      quantityColumn("Menge"),
      noteColumn("Bemerkung"),
    ],
    layout: "long",
    orderNumbers: "first row",
    jobValues: "first row",
    orders: [
      {
        number: "DTV-2027-01",
        job: {
          organisation: "Deutscher Turnverein Auckland",
          contactName: "Jürgen Weiß",
          phone: "09 555 0134",
          streetAddress: "27 Mount Eden Road",
          postalCode: "1024",
          city: "Auckland",
          country: "Neuseeland",
          deliveryMethod: COURIER,
          dueDate: dateText(dueDay(98), "dd.mm.yyyy"),
        },
        lines: [
          stockLine(
            tee,
            "Navy",
            [
              ["S", 4],
              ["M", 6],
              ["L", 5],
              ["XL", 3],
              ["2XL", 2, "XXL"],
            ],
            { note: "Trainingsshirts Herren" },
          ),
          stockLine(
            hood,
            "Black",
            [
              ["M", 3],
              ["L", 4],
              ["XL", 2],
            ],
            { colour: "Schwarz" },
          ),
        ],
      },
      {
        number: "DTV-2027-02",
        job: {
          organisation: "Deutscher Turnverein Auckland",
          contactName: "Petra Schäfer",
          phone: "021 555 0187",
          country: "Neuseeland",
          deliveryMethod: "Abholung",
          dueDate: dateText(dueDay(104), "dd.mm.yyyy"),
        },
        lines: [
          stockLine(
            youthTee,
            "Royal",
            [
              ["8", 4],
              ["10", 6],
              ["12", 5],
            ],
            { note: "Kinderturnen" },
          ),
          stockLine(cap, "Black", [["OSFA", 12, "Einheitsgröße"]]),
        ],
      },
      {
        number: "DTV-2027-03",
        job: {
          organisation: "Deutscher Turnverein Auckland – Handball",
          contactName: "Jürgen Weiß",
          phone: "09 555 0134",
          streetAddress: "27 Mount Eden Road",
          postalCode: "1024",
          city: "Auckland",
          country: "Neuseeland",
          deliveryMethod: COURIER,
          dueDate: dateText(dueDay(111), "dd.mm.yyyy"),
        },
        lines: [
          stockLine(jersey, "Black/Gold", [
            ["M", 5],
            ["L", 6],
            ["XL", 3],
          ]),
        ],
      },
    ],
    below: (sum) => [
      { Artikel: "Summe", Menge: sum("Menge") },
      {},
      { "Bestellnr.": "Hinweis: Bitte jede Bestellung separat verpacken." },
    ],
  };

  // --- 2. A French rugby club's order form: a workbook with instructions in front, one column per size -----

  const frenchClub: SheetSpec = {
    file: "fr-club-commande.xlsx",
    messy:
      "French headers ('N° commande', 'Qté', 'Tissu'); an instructions sheet in front; title rows above the header; " +
      "wide layout (XS…XXL) beside a quantity for transfers; job details on each order's first row only; " +
      "'Nouvelle-Zélande'; a colour, a fabric and placements in French; a totals row with formulas",
    workbook: {
      worksheet: "Commande",
      dateFormat: "dd/mm/yyyy",
      before: [
        {
          name: "Mode d'emploi",
          rows: [
            ["Comment remplir le bon de commande"],
            ["1. Une ligne par article ; les maillots et t-shirts : une colonne par taille."],
            ["2. Transferts : indiquez la quantité dans la colonne Qté et le tissu."],
            ["3. Renvoyez le fichier à commandes@rcfw.example avant le 1er décembre."],
          ],
        },
      ],
    },
    above: [["BON DE COMMANDE – Rugby Club Français de Wellington"], ["À renvoyer avant le 1er décembre 2026"], []],
    columns: [
      orderColumn("N° commande"),
      jobColumn("Club", "organisation"),
      jobColumn("Contact", "contactName"),
      jobColumn("Adresse", "streetAddress"),
      jobColumn("Code postal", "postalCode"),
      jobColumn("Ville", "city"),
      jobColumn("Pays", "country"),
      jobColumn("Livraison", "deliveryMethod"),
      jobColumn("Date de livraison", "dueDate"),
      codeColumn("Référence"),
      colourColumn("Couleur"),
      ...sizeColumns(ADULT_WIDE),
      quantityColumn("Qté"),
      answerColumn("Tissu", "Fabric"),
      answerColumn("Emplacement", "Placement"),
      noteColumn("Remarques"),
    ],
    layout: "wide",
    orderNumbers: "every row",
    jobValues: "first row",
    orders: [
      {
        number: "RCFW-101",
        job: {
          organisation: "Rugby Club Français de Wellington",
          contactName: "Camille Durand",
          streetAddress: "112 Adelaide Road",
          postalCode: "6021",
          city: "Wellington",
          country: "Nouvelle-Zélande",
          deliveryMethod: COURIER,
          dueDate: dueDay(105),
        },
        lines: [
          stockLine(jersey, "Navy/White", [
            ["S", 3],
            ["M", 8],
            ["L", 9],
            ["XL", 5],
            ["2XL", 2],
          ]),
          printLine(
            dtf10,
            27,
            { Fabric: fabric("Polyester"), Placement: placement("Full back") },
            { answers: { Placement: "Dos complet" }, note: "Logo sponsor au dos" },
          ),
          printLine(
            dtf4,
            27,
            { Fabric: fabric("Polyester"), Placement: placement("Left chest") },
            { answers: { Placement: "Cœur" } },
          ),
        ],
      },
      {
        number: "RCFW-102",
        job: {
          organisation: "Rugby Club Français de Wellington – École de rugby",
          contactName: "Léa Martin",
          streetAddress: "112 Adelaide Road",
          postalCode: "6021",
          city: "Wellington",
          country: "Nouvelle-Zélande",
          deliveryMethod: OVERNIGHT,
          dueDate: dueDay(112),
        },
        lines: [
          stockLine(
            tee,
            "White",
            [
              ["XS", 2],
              ["S", 6],
              ["M", 6],
              ["L", 4],
            ],
            { colour: "Blanc" },
          ),
          printLine(
            dtfA4,
            18,
            { Fabric: fabric("Cotton"), Placement: placement("Full front") },
            {
              answers: { Fabric: "Coton", Placement: "Devant" },
            },
          ),
        ],
      },
    ],
    below: (sum) => [
      {
        Référence: "Total",
        XS: sum("XS"),
        S: sum("S"),
        M: sum("M"),
        L: sum("L"),
        XL: sum("XL"),
        XXL: sum("XXL"),
        Qté: sum("Qté"),
      },
    ],
  };

  // --- 3. A Spanish-speaking club in Australia: UTF-8 CSV with a byte-order mark, every row in full ---------

  const spanishClub: SheetSpec = {
    file: "es-pedido-club.csv",
    messy:
      "Spanish headers ('Pedido', 'Cantidad', 'Talla', 'Envío', 'Tela'); UTF-8 CSV with a BOM, every detail on " +
      "every row; long layout; Australian states written 'N.S.W.' and 'Vicoria'; colours and fabrics in Spanish; " +
      "dates d/m/yyyy",
    csv: { delimiter: ",", encoding: "utf-8-bom", lineEnd: "\r\n" },
    above: [],
    columns: [
      orderColumn("Pedido"),
      jobColumn("Club", "organisation"),
      jobColumn("Contacto", "contactName"),
      jobColumn("Correo", "email"),
      jobColumn("Dirección", "streetAddress"),
      jobColumn("Barrio", "suburb"),
      jobColumn("Ciudad", "city"),
      jobColumn("Estado", "state"),
      jobColumn("Código postal", "postalCode"),
      jobColumn("País", "country"),
      jobColumn("Envío", "deliveryMethod"),
      jobColumn("Fecha de entrega", "dueDate"),
      codeColumn("Código"),
      colourColumn("Color"),
      sizeColumn("Talla"),
      quantityColumn("Cantidad"),
      answerColumn("Tela", "Fabric"),
      noteColumn("Notas"),
    ],
    layout: "long",
    orderNumbers: "every row",
    jobValues: "every row",
    orders: [
      {
        number: "CDS-0412",
        job: {
          organisation: "Club Deportivo Sydney",
          contactName: "María González",
          email: "maria@cdsydney.example",
          streetAddress: "45 Parramatta Road",
          suburb: "Annandale",
          city: "Sydney",
          state: misspelt("N.S.W.", NSW),
          postalCode: "2038",
          country: AUSTRALIA,
          deliveryMethod: COURIER,
          dueDate: dateText(dueDay(100), "d/m/yyyy"),
        },
        lines: [
          stockLine(
            tee,
            "Red",
            [
              ["S", 5],
              ["M", 8],
              ["L", 6],
            ],
            { colour: "Rojo" },
          ),
          printLine(
            dtf10,
            19,
            { Fabric: fabric("Cotton") },
            { answers: { Fabric: "Algodón" }, note: "Escudo delante" },
          ),
        ],
      },
      {
        number: "CDS-0413",
        job: {
          organisation: "Club Deportivo Sydney – Melbourne",
          contactName: "Javier Torres",
          email: "javier@cdsydney.example",
          streetAddress: "210 Brunswick Street",
          suburb: "Fitzroy",
          city: "Melbourne",
          state: misspelt("Vicoria", VIC),
          postalCode: "3065",
          country: AUSTRALIA,
          deliveryMethod: COURIER,
          dueDate: dateText(dueDay(107), "d/m/yyyy"),
        },
        lines: [
          stockLine(
            polo,
            "Navy",
            [
              ["M", 4],
              ["L", 4],
              ["XL", 2],
            ],
            { colour: "Azul marino" },
          ),
          printLine(dtf8, 10, { Fabric: fabric("Polyester") }, { answers: { Fabric: "Poliéster" } }),
        ],
      },
      {
        number: "CDS-0414",
        job: {
          organisation: "Club Deportivo Sydney – Brisbane",
          contactName: "Lucía Fernández",
          email: "lucia@cdsydney.example",
          streetAddress: "88 Boundary Street",
          suburb: "West End",
          city: "Brisbane",
          state: QLD.name,
          postalCode: "4101",
          country: AUSTRALIA,
          deliveryMethod: OVERNIGHT,
          dueDate: dateText(dueDay(114), "d/m/yyyy"),
        },
        lines: [
          stockLine(hood, "Navy", [
            ["L", 3],
            ["XL", 3],
          ]),
        ],
      },
    ],
  };

  // --- 4. An Italian volleyball club: a workbook, one row per size, Italian sizes for children ----------------

  const italianClub: SheetSpec = {
    file: "it-ordine-squadra.xlsx",
    messy:
      "Italian headers ('Ordine', 'Quantità', 'Taglia', 'Spedizione', 'Squadra'); a title row; long layout with job " +
      "details on each order's first row only; 'Nuova Zelanda'; children's sizes as '10 anni'; colours in Italian; " +
      "dates as date cells; a totals row with a formula",
    workbook: { worksheet: "Ordine", dateFormat: "dd/mm/yyyy" },
    above: [["Ordine divise stagione 2027 – ASD Pallavolo Italiana Auckland"]],
    columns: [
      orderColumn("Ordine"),
      jobColumn("Squadra", "description"),
      jobColumn("Referente", "contactName"),
      jobColumn("Telefono", "phone"),
      jobColumn("Indirizzo", "streetAddress"),
      jobColumn("CAP", "postalCode"),
      jobColumn("Città", "city"),
      jobColumn("Nazione", "country"),
      jobColumn("Spedizione", "deliveryMethod"),
      jobColumn("Data consegna", "dueDate"),
      codeColumn("Codice"),
      colourColumn("Colore"),
      sizeColumn("Taglia"),
      quantityColumn("Quantità"),
      noteColumn("Note"),
    ],
    layout: "long",
    orderNumbers: "every row",
    jobValues: "first row",
    orders: [
      {
        number: "PIA-27-01",
        job: {
          description: "Serie C maschile",
          contactName: "Marco Rossi",
          phone: "021 555 0178",
          streetAddress: "8 Ponsonby Road",
          postalCode: "1011",
          city: "Auckland",
          country: "Nuova Zelanda",
          deliveryMethod: COURIER,
          dueDate: dueDay(99),
        },
        lines: [
          stockLine(
            tee,
            "Black",
            [
              ["M", 4],
              ["L", 6],
              ["XL", 3],
              ["2XL", 1, "XXL"],
            ],
            { colour: "Nero" },
          ),
          assetLine(c.asset(3), assetQuantity(c.asset(3), 2), { note: "Stemma, come l'anno scorso" }),
        ],
      },
      {
        number: "PIA-27-02",
        job: {
          description: "Under 14 femminile",
          contactName: "Giulia Bianchi",
          phone: "022 555 0112",
          streetAddress: "8 Ponsonby Road",
          postalCode: "1011",
          city: "Auckland",
          country: "Nuova Zelanda",
          deliveryMethod: OVERNIGHT,
          dueDate: dueDay(106),
        },
        lines: [
          stockLine(
            youthTee,
            "White",
            [
              ["10", 5, "10 anni"],
              ["12", 6, "12 anni"],
              ["14", 3, "14 anni"],
            ],
            { colour: "Bianco" },
          ),
          stockLine(
            womensTee,
            "Pink",
            [
              ["8", 2],
              ["10", 3],
            ],
            { colour: "Rosa", note: "Allenatrici" },
          ),
        ],
      },
    ],
    below: (sum) => [{}, { Taglia: "Totale", Quantità: sum("Quantità") }],
  };

  // --- 5. A Dutch hockey club: semicolon CSV in UTF-8 without a mark, Unix line ends ---------------------------

  const dutchClub: SheetSpec = {
    file: "nl-bestelling-vereniging.csv",
    messy:
      "Dutch headers ('Bestelnummer', 'Aantal', 'Maat', 'Verzending', 'Leverdatum'); ';' CSV in UTF-8, LF line " +
      "ends; long layout with job details on each order's first row only; 'Nieuw-Zeeland'; colours in Dutch; dates " +
      "d-m-yyyy; an asset reorder among the garments; totals and note rows",
    csv: { delimiter: ";", encoding: "utf-8", lineEnd: "\n" },
    above: [],
    columns: [
      orderColumn("Bestelnummer"),
      jobColumn("Vereniging", "organisation"),
      jobColumn("Contactpersoon", "contactName"),
      jobColumn("E-mail", "email"),
      jobColumn("Adres", "streetAddress"),
      jobColumn("Postcode", "postalCode"),
      jobColumn("Plaats", "city"),
      jobColumn("Land", "country"),
      jobColumn("Verzending", "deliveryMethod"),
      jobColumn("Leverdatum", "dueDate"),
      codeColumn("Artikelcode"),
      colourColumn("Kleur"),
      sizeColumn("Maat"),
      quantityColumn("Aantal"),
      noteColumn("Opmerking"),
    ],
    layout: "long",
    orderNumbers: "every row",
    jobValues: "first row",
    orders: [
      {
        number: "HVO-2027-07",
        job: {
          organisation: "Hockeyvereniging Oranje Christchurch",
          contactName: "Sanne de Vries",
          email: "sanne@hvoranje.example",
          streetAddress: "150 Riccarton Road",
          postalCode: "8041",
          city: "Christchurch",
          country: "Nieuw-Zeeland",
          deliveryMethod: COURIER,
          dueDate: dateText(dueDay(101), "d-m-yyyy"),
        },
        lines: [
          stockLine(
            polo,
            "Sky",
            [
              ["S", 3],
              ["M", 5],
              ["L", 4],
            ],
            { colour: "Lichtblauw" },
          ),
          assetLine(c.asset(7), assetQuantity(c.asset(7), 3), { note: "Zelfde als vorig seizoen" }),
        ],
      },
      {
        number: "HVO-2027-08",
        job: {
          organisation: "Hockeyvereniging Oranje – jeugd",
          contactName: "Bram Visser",
          email: "bram@hvoranje.example",
          streetAddress: "1022 Old West Coast Road",
          postalCode: "7671",
          city: "Darfield",
          country: "Nieuw-Zeeland",
          deliveryMethod: RURAL,
          dueDate: dateText(dueDay(108), "d-m-yyyy"),
        },
        lines: [
          stockLine(
            youthJersey,
            "Black/Gold",
            [
              ["6", 2],
              ["8", 4],
              ["10", 4],
            ],
            { colour: "Zwart/Goud" },
          ),
        ],
      },
    ],
    below: (sum) => [
      { Artikelcode: "Totaal", Aantal: sum("Aantal") },
      { Bestelnummer: "Opmerking: facturen graag per team." },
    ],
  };

  // --- 6. A junior rugby club's kit order: youth and adult sizes in columns, names and numbers, cap patches ----

  const CLUB_SIZES = [
    ["Y8", "8"],
    ["Y10", "10"],
    ["Y12", "12"],
    ["S", "S"],
    ["M", "M"],
    ["L", "L"],
    ["XL", "XL"],
    ["XXL", "2XL"],
  ] as const;

  const clubKit: SheetSpec = {
    file: "club-kit-order.xlsx",
    messy:
      "English club form: an instructions sheet in front, a merged title, '#' for the order number, 'Item' for " +
      "codes, 'Qty.', 'Ph', 'Ship via', 'Wanted by', 'Town'; youth (Y8…Y12) and adult sizes in columns; 'Player', " +
      "'Shirt No', 'Vinyl', 'Thread cols' answering the transfers' questions; a per-row Total formula; totals and " +
      "a payment note under the data",
    workbook: {
      worksheet: "Order Form",
      dateFormat: "d mmm yyyy",
      before: [
        {
          name: "Instructions",
          rows: [
            ["How to fill in the kit order"],
            ["Garments: put the number of each size under the size (Y = youth)."],
            ["Names and numbers: one line per name and one per number, Qty 1."],
            ["Email the form back to kit@hcjrc.example."],
          ],
        },
      ],
    },
    above: [
      ["HIBISCUS COAST JUNIOR RUGBY CLUB – 2027 KIT ORDER"],
      ["One line per item. Y = youth sizes. Names and numbers: one line each."],
      [],
    ],
    columns: [
      orderColumn("#"),
      jobColumn("Club", "organisation"),
      jobColumn("Contact", "contactName"),
      jobColumn("Ph", "phone"),
      jobColumn("Address", "streetAddress"),
      jobColumn("Suburb", "suburb"),
      jobColumn("Town", "city"),
      jobColumn("Postcode", "postalCode"),
      jobColumn("Ship via", "deliveryMethod"),
      jobColumn("Wanted by", "dueDate"),
      codeColumn("Item"),
      colourColumn("Colour"),
      ...sizeColumns(CLUB_SIZES),
      quantityColumn("Qty."),
      answerColumn("Player", "PlayerName"),
      answerColumn("Shirt No", "PlayerNumber"),
      answerColumn("Vinyl", "VinylColour"),
      answerColumn("Thread cols", "ThreadColours"),
      answerColumn("Backing", "Backing"),
      rowTotalColumn("Total", [...CLUB_SIZES.map(([header]) => header), "Qty."]),
    ],
    layout: "wide",
    orderNumbers: "every row",
    jobValues: "first row",
    orders: [
      {
        number: "HCJR-1",
        job: {
          organisation: "Hibiscus Coast Junior Rugby Club",
          contactName: "Sue Tamihana",
          phone: "021 555 0199",
          streetAddress: "14 Whangaparaoa Road",
          suburb: "Red Beach",
          city: "Orewa",
          postalCode: "0932",
          deliveryMethod: COURIER,
          dueDate: dueDay(96),
        },
        lines: [
          stockLine(youthJersey, "Navy/White", [
            ["8", 4],
            ["10", 6],
            ["12", 5],
          ]),
          ...namesAndNumbers(
            [
              ["TAMIHANA", "7"],
              ["SMITH", "9"],
              ["NGATA", "10"],
              ["WILSON", "12"],
            ],
            "White",
          ),
          assetLine(c.asset(1), assetQuantity(c.asset(1), 2)),
        ],
      },
      {
        number: "HCJR-2",
        job: {
          organisation: "Hibiscus Coast Junior Rugby Club",
          contactName: "Dave Pomare",
          phone: "027 555 0142",
          streetAddress: "14 Whangaparaoa Road",
          suburb: "Red Beach",
          city: "Orewa",
          postalCode: "0932",
          deliveryMethod: OVERNIGHT,
          dueDate: dueDay(103),
        },
        lines: [
          stockLine(hood, "Navy", [
            ["S", 1],
            ["M", 2],
            ["L", 2],
            ["XL", 1],
            ["2XL", 1],
          ]),
          stockLine(cap, "Navy/White", [["OSFA", 20]]),
          printLine(patch, 20, {
            ThreadColours: "4",
            Backing: c.option(patch, "Backing", "Sew-on"),
          }),
        ],
      },
    ],
    below: (sum) => [
      {
        Item: "TOTAL",
        ...Object.fromEntries(CLUB_SIZES.map(([header]) => [header, sum(header)])),
        "Qty.": sum("Qty."),
        Total: sum("Total"),
      },
      {},
      { "#": "Payment is due with the order. Questions to Sue on 021 555 0199." },
    ],
  };

  // --- 7. An Australian netball association: an export saved by Excel as plain CSV (Windows-1252) ------------

  const netball: SheetSpec = {
    file: "au-league-order.csv",
    messy:
      "Australian export: Windows-1252 CSV, two title rows and a blank row; 'PO #', 'Attn', 'P/code', " +
      "'Date Req'd', 'Transfer' holding price codes; states misspelt ('Queenslnd', 'N.S.W', 'Tasmainia') and " +
      "'Aust.'; price codes written loosely; an artwork link without https://; unit price and line total columns; " +
      "a totals row",
    csv: { delimiter: ",", encoding: "windows-1252", lineEnd: "\r\n" },
    above: [["Sunshine Coast Netball Association – transfer order"], ["Exported 19/11/2026 by TeamDesk"], []],
    columns: [
      orderColumn("PO #"),
      jobColumn("Team", "description"),
      jobColumn("Attn", "contactName"),
      jobColumn("Street", "streetAddress"),
      jobColumn("Suburb", "suburb"),
      jobColumn("City", "city"),
      jobColumn("State", "state"),
      jobColumn("P/code", "postalCode"),
      jobColumn("Country", "country"),
      jobColumn("Delivery", "deliveryMethod"),
      jobColumn("Date Req'd", "dueDate"),
      codeColumn("Transfer"),
      answerColumn("Fabric", "Fabric"),
      answerColumn("Placement", "Placement"),
      quantityColumn("Qty"),
      artworkColumn("Artwork link"),
      keptColumn("Unit $", (r) => (r.line.kind === "stock" ? undefined : r.line.unitPrice.toFixed(2))),
      keptColumn("Line total", (r) =>
        r.line.kind === "stock" ? undefined : money(r.line.unitPrice * r.line.quantity),
      ),
    ],
    layout: "long",
    orderNumbers: "every row",
    jobValues: "every row",
    orders: [
      {
        number: "SCNA-5501",
        job: {
          description: "Div 1 Lightning",
          contactName: "Kylie Watts",
          streetAddress: "22 Nicklin Way",
          suburb: "Buddina",
          city: "Kawana Waters",
          state: misspelt("Queenslnd", QLD),
          postalCode: "4575",
          country: "Aust.",
          deliveryMethod: COURIER,
          dueDate: dateText(dueDay(97), "dd/mm/yy"),
        },
        lines: [
          printLine(
            dtf10,
            24,
            { Fabric: fabric("Polyester"), Placement: placement("Full back") },
            { artwork: "https://files.scna.example/art/lightning-back.png" },
          ),
          printLine(
            dtf4,
            24,
            { Fabric: fabric("Polyester"), Placement: placement("Left chest") },
            { code: codeOf(dtf4).toLowerCase(), artwork: "https://files.scna.example/art/lightning-crest.png" },
          ),
        ],
      },
      {
        number: "SCNA-5502",
        job: {
          description: "Div 2 Thunder",
          contactName: "Kylie Watts",
          streetAddress: "22 Nicklin Way",
          suburb: "Buddina",
          city: "Kawana Waters",
          state: QLD.abbreviation,
          postalCode: "4575",
          country: AUSTRALIA,
          deliveryMethod: OVERNIGHT,
          dueDate: dateText(dueDay(97), "dd/mm/yy"),
        },
        lines: [
          printLine(
            dtfA4,
            12,
            { Fabric: fabric("Cotton/Poly blend"), Placement: placement("Full front") },
            { artwork: "www.dropbox.com/s/t7k2/thunder-front.png" },
          ),
          printLine(
            dtfA3,
            12,
            { Fabric: fabric("Cotton/Poly blend"), Placement: placement("Full back") },
            { code: withoutPunctuation(codeOf(dtfA3)), artwork: "https://www.dropbox.com/s/t7k3/thunder-back.png" },
          ),
        ],
      },
      {
        number: "SCNA-5503",
        job: {
          description: "Masters",
          contactName: "Deb Nguyen",
          streetAddress: "9 Hunter Street",
          suburb: "Newcastle West",
          city: "Newcastle",
          state: misspelt("N.S.W", NSW),
          postalCode: "2302",
          country: "AUS",
          deliveryMethod: COURIER,
          dueDate: dateText(dueDay(113), "dd/mm/yy"),
        },
        lines: [
          printLine(
            glitter10,
            15,
            { Fabric: fabric("Polyester"), Placement: placement("Full front") },
            { artwork: "https://files.scna.example/art/masters-glitter.png" },
          ),
        ],
      },
      {
        number: "SCNA-5504",
        job: {
          description: "Tas Schools Cup",
          contactName: "Rhys Campbell",
          streetAddress: "40 Elizabeth Street",
          suburb: "Hobart",
          city: "Hobart",
          state: misspelt("Tasmainia", TAS),
          postalCode: "7000",
          country: AUSTRALIA,
          deliveryMethod: COURIER,
          dueDate: dateText(dueDay(117), "dd/mm/yy"),
        },
        lines: [
          printLine(
            dtf5,
            30,
            { Fabric: fabric("Cotton"), Placement: placement("Left chest") },
            { code: autocorrected(codeOf(dtf5)), artwork: "https://files.scna.example/art/tas-cup.png" },
          ),
        ],
      },
    ],
    below: (sum) => [{}, { "Unit $": "Total", "Line total": sum("Line total") }],
  };

  // --- 8. A Texas youth soccer league: US dates, YS/YM/YL sizes, states misspelt, a Total Qty column ---------

  const US_SIZES = [
    ["YS", "6"],
    ["YM", "8"],
    ["YL", "10"],
    ["S", "S"],
    ["M", "M"],
    ["L", "L"],
    ["XL", "XL"],
    ["2XL", "2XL"],
  ] as const;

  /** A date as Americans write it, month first; only days past the 12th, so it cannot be read the other way. */
  function usDate(days: number): string {
    const date = dueDay(days);
    if (date.getUTCDate() <= 12) throw new Error(`${date.toISOString()} reads either way round`);
    return dateText(date, "mm/dd/yyyy");
  }

  const soccer: SheetSpec = {
    file: "us-tournament-order.xlsx",
    messy:
      "US tournament order: a title row and a sizing note above the header; 'Order ID', 'Item #', 'Coach', " +
      "'In-Hands Date' (mm/dd/yyyy text), 'Ship Method'; youth sizes YS/YM/YL (6/8/10 per the note) beside adult " +
      "sizes; 'Total Qty' per row; states misspelt ('Texs', 'Califronia', 'Flordia'); 'USA', 'U.S.A.'; a grand total",
    workbook: { worksheet: "Orders" },
    above: [["Lone Star Youth Soccer – Tournament Tees"], ["Youth sizing: YS = 6, YM = 8, YL = 10 (supplier chart)"]],
    columns: [
      orderColumn("Order ID"),
      jobColumn("Team Name", "description"),
      jobColumn("Coach", "contactName"),
      jobColumn("Email", "email"),
      jobColumn("Address", "streetAddress"),
      jobColumn("City", "city"),
      jobColumn("State", "state"),
      jobColumn("Zip", "postalCode"),
      jobColumn("Country", "country"),
      jobColumn("Ship Method", "deliveryMethod"),
      jobColumn("In-Hands Date", "dueDate"),
      codeColumn("Item #"),
      colourColumn("Color"),
      ...sizeColumns(US_SIZES),
      rowTotalColumn(
        "Total Qty",
        US_SIZES.map(([header]) => header),
      ),
    ],
    layout: "wide",
    orderNumbers: "every row",
    jobValues: "every row",
    orders: [
      {
        number: "LSYS-301",
        job: {
          description: "U10 Strikers",
          contactName: "Jessica Miller",
          email: "jmiller@lsys.example",
          streetAddress: "4100 Legacy Drive",
          city: "Plano",
          state: misspelt("Texs", TEXAS),
          postalCode: "75024",
          country: "USA",
          deliveryMethod: INTERNATIONAL,
          dueDate: usDate(115),
        },
        lines: [
          stockLine(youthTee, "Royal", [
            ["6", 4],
            ["8", 6],
            ["10", 3],
          ]),
          stockLine(tee, "White", [
            ["S", 1],
            ["M", 2],
            ["L", 2],
          ]),
        ],
      },
      {
        number: "LSYS-302",
        job: {
          description: "U12 Comets",
          contactName: "Carlos Ramirez",
          email: "cramirez@lsys.example",
          streetAddress: "250 Ocean Avenue",
          city: "Santa Monica",
          state: misspelt("Califronia", CALIFORNIA),
          postalCode: "90402",
          country: "U.S.A.",
          deliveryMethod: INTERNATIONAL,
          dueDate: usDate(116),
        },
        lines: [
          stockLine(youthTee, "Black", [
            ["8", 3],
            ["10", 7],
          ]),
        ],
      },
      {
        number: "LSYS-303",
        job: {
          description: "U14 Rockets",
          contactName: "Ashley Brooks",
          email: "abrooks@lsys.example",
          streetAddress: "1200 Brickell Avenue",
          city: "Miami",
          state: misspelt("Flordia", FLORIDA),
          postalCode: "33131",
          country: countryName("US"),
          deliveryMethod: INTERNATIONAL,
          dueDate: usDate(118),
        },
        lines: [
          stockLine(tee, "Navy", [
            ["S", 5],
            ["M", 6],
            ["L", 3],
            ["XL", 1],
          ]),
        ],
      },
    ],
    below: (sum) => [
      {
        "Item #": "Grand Total",
        ...Object.fromEntries(US_SIZES.map(([header]) => [header, sum(header)])),
        "Total Qty": sum("Total Qty"),
      },
    ],
  };

  // --- 9. A print shop's reorders for its customers: asset tags, abbreviations, prices beside them -------------

  const reorders: SheetSpec = {
    file: "printshop-reorders.csv",
    messy:
      "Print shop's reorder list: UTF-8 CSV with a BOM; abbreviated headers ('Job Ref', 'Design #', 'Pcs', 'Addr', " +
      "'PC', 'Ship', 'Due'); asset tags in lower case, with stray spaces; dates d-mmm-yy; the design's description, " +
      "unit price and extension beside each line; delivery methods by label in any case; a totals row",
    csv: { delimiter: ",", encoding: "utf-8-bom", lineEnd: "\n" },
    above: [],
    columns: [
      orderColumn("Job Ref"),
      jobColumn("Customer", "organisation"),
      jobColumn("Deliver to", "contactName"),
      jobColumn("Addr", "streetAddress"),
      jobColumn("Town", "city"),
      jobColumn("PC", "postalCode"),
      jobColumn("Ship", "deliveryMethod"),
      jobColumn("Due", "dueDate"),
      codeColumn("Design #"),
      keptColumn("Description", (r) => (r.line.kind === "asset" ? r.line.description : undefined)),
      quantityColumn("Pcs"),
      { header: "Garment", expect: { field: "garment" }, cell: (r) => (r.line.kind === "asset" ? r.line.garment : "") },
      keptColumn("Unit", (r) => (r.line.kind === "stock" ? undefined : r.line.unitPrice)),
      keptColumn("Ext", (r) => (r.line.kind === "stock" ? undefined : money(r.line.unitPrice * r.line.quantity))),
    ],
    layout: "long",
    orderNumbers: "every row",
    jobValues: "every row",
    orders: [
      {
        number: "JR24-1187",
        job: {
          organisation: "Otago Rugby Supporters",
          contactName: "Hemi Walker",
          streetAddress: "130 Anzac Avenue",
          city: "Dunedin",
          postalCode: "9016",
          deliveryMethod: COURIER,
          dueDate: dateText(dueDay(93), "d-mmm-yy"),
        },
        lines: [
          assetLine(c.asset(15), assetQuantity(c.asset(15), 3), { code: tagOfLower(15), garment: "Navy hoodies" }),
          assetLine(c.asset(16), assetQuantity(c.asset(16), 4), { garment: "White tees" }),
        ],
      },
      {
        number: "JR24-1188",
        job: {
          organisation: "Ponsonby Netball",
          contactName: "Aroha Smith",
          streetAddress: "47 Jervois Road",
          city: "Auckland",
          postalCode: "1011",
          deliveryMethod: OVERNIGHT.toLowerCase(),
          dueDate: dateText(dueDay(95), "d-mmm-yy"),
        },
        lines: [
          assetLine(c.asset(4), assetQuantity(c.asset(4), 2), { code: ` ${c.asset(4).assetTag ?? ""} ` }),
          assetLine(c.asset(20), assetQuantity(c.asset(20), 2)),
          assetLine(c.asset(21), assetQuantity(c.asset(21), 5), { code: spacedTag(21) }),
        ],
      },
      {
        number: "JR24-1189",
        job: {
          organisation: "Hutt Valley Cricket",
          contactName: "Priya Patel",
          streetAddress: "5 Knights Road",
          city: "Lower Hutt",
          postalCode: "5010",
          deliveryMethod: PICK_UP,
          dueDate: dateText(dueDay(102), "d-mmm-yy"),
        },
        lines: [assetLine(c.asset(9), assetQuantity(c.asset(9), 2), { garment: "Cream playing shirts" })],
      },
      {
        number: "JR24-1190",
        job: {
          organisation: "Nelson Harriers",
          contactName: "Tom Baker",
          streetAddress: "12 Trafalgar Street",
          city: "Nelson",
          postalCode: "7010",
          deliveryMethod: COURIER.toUpperCase(),
          dueDate: dateText(dueDay(109), "d-mmm-yy"),
        },
        lines: [
          assetLine(c.asset(2), assetQuantity(c.asset(2), 10), { code: tagOfLower(2) }),
          assetLine(c.asset(25), assetQuantity(c.asset(25), 1)),
        ],
      },
    ],
    below: (sum) => [{}, { Unit: "Total", Ext: sum("Ext") }],
  };

  function tagOfLower(n: number): string {
    return (c.asset(n).assetTag ?? "").toLowerCase();
  }

  /** A tag typed with a space in it, as tags are copied from a printed docket. */
  function spacedTag(n: number): string {
    const tag = c.asset(n).assetTag ?? "";
    return `${tag.slice(0, 5)} ${tag.slice(5)}`;
  }

  // --- 10. A school's sports order: one row per size, order numbers only where an order starts ---------------

  const school: SheetSpec = {
    file: "school-sports-long.xlsx",
    messy:
      "School sports order in a default 'Sheet1': a sizing note above the header; long layout with the order " +
      "number and job details on each order's first row only; 'Order No.', 'Qty.', 'Ship via', 'Wanted by'; " +
      "'Garment' holding stock codes; sizes 'Youth M', 'YL', 'Y12', '2X'; a note row between the orders",
    workbook: { worksheet: "Sheet1", dateFormat: "d/mm/yyyy" },
    above: [["Kids sizes: Youth S = 6, Youth M = 8, YL = 10, Y12 = 12, Y14 = 14"]],
    columns: [
      orderColumn("Order No."),
      jobColumn("School", "organisation"),
      jobColumn("Contact", "contactName"),
      jobColumn("Email", "email"),
      jobColumn("Address", "streetAddress"),
      jobColumn("Suburb", "suburb"),
      jobColumn("City", "city"),
      jobColumn("Postcode", "postalCode"),
      jobColumn("Ship via", "deliveryMethod"),
      jobColumn("Wanted by", "dueDate"),
      codeColumn("Garment"),
      colourColumn("Colour"),
      sizeColumn("Size"),
      quantityColumn("Qty."),
      noteColumn("Notes"),
    ],
    layout: "long",
    orderNumbers: "first row",
    jobValues: "first row",
    orders: [
      {
        number: "KVS-2027-01",
        job: {
          organisation: "Kowhai Valley School",
          contactName: "Anna Chen",
          email: "a.chen@kowhaivalley.example",
          streetAddress: "61 Kowhai Drive",
          suburb: "Albany",
          city: "Auckland",
          postalCode: "0632",
          deliveryMethod: COURIER,
          dueDate: dueDay(94),
        },
        lines: [
          stockLine(
            youthTee,
            "Royal",
            [
              ["6", 5, "Youth S"],
              ["8", 8, "Youth M"],
              ["10", 6, "YL"],
              ["12", 4, "Y12"],
            ],
            { note: "Athletics day tees" },
          ),
          stockLine(tee, "Navy", [
            ["S", 2],
            ["M", 3],
          ]),
        ],
      },
      {
        number: "KVS-2027-02",
        job: {
          organisation: "Kowhai Valley School – senior rugby",
          contactName: "Mike Fale",
          email: "m.fale@kowhaivalley.example",
          streetAddress: "61 Kowhai Drive",
          suburb: "Albany",
          city: "Auckland",
          postalCode: "0632",
          deliveryMethod: OVERNIGHT,
          dueDate: dateText(dueDay(100), "d mmm yyyy"),
        },
        lines: [
          stockLine(youthJersey, "Black/Gold", [
            ["10", 6, "Y10"],
            ["12", 6, "Y12"],
            ["14", 2, "Y14"],
          ]),
          stockLine(jersey, "Black/Gold", [
            ["S", 3],
            ["M", 4],
            ["XL", 1],
            ["2XL", 2, "2X"],
          ]),
        ],
      },
    ],
    after: (_order, index) =>
      index === 0 ? [{ "Order No.": "Second order is for the senior teams, please pack it separately." }] : [],
  };

  // --- 11. A German print shop's transfer orders for Australian customers ------------------------------------

  const printShop: SheetSpec = {
    file: "de-druckerei-transfers.xlsx",
    messy:
      "German print shop's transfer list: two title rows and a blank row; 'Auftrag', 'Preiscode', 'Stückzahl', " +
      "'Bundesland', 'Versand', 'Druckdatei'; questions in German ('Stoff', 'Druckfarben', 'Etikettentext'); " +
      "'Australien'; fabrics in German; a position column; job details on each order's first row only; a sum row",
    workbook: { worksheet: "Aufträge", dateFormat: "dd.mm.yyyy" },
    above: [
      ["Auftragsliste Transferdruck – KW 47/2026"],
      ["Druckerei Müller & Söhne, Hamburg – Kundenaufträge Australien"],
      [],
    ],
    columns: [
      keptColumn("Pos.", (r) => r.position),
      orderColumn("Auftrag"),
      jobColumn("Kunde", "organisation"),
      jobColumn("Ansprechpartner", "contactName"),
      jobColumn("Straße", "streetAddress"),
      jobColumn("PLZ", "postalCode"),
      jobColumn("Ort", "city"),
      jobColumn("Bundesland", "state"),
      jobColumn("Land", "country"),
      jobColumn("Versand", "deliveryMethod"),
      jobColumn("Liefertermin", "dueDate"),
      codeColumn("Preiscode"),
      answerColumn("Stoff", "Fabric"),
      answerColumn("Druckfarben", "InkColours"),
      answerColumn("Etikettentext", "LabelText"),
      quantityColumn("Stückzahl"),
      artworkColumn("Druckdatei"),
      noteColumn("Bemerkung"),
    ],
    layout: "long",
    orderNumbers: "every row",
    jobValues: "first row",
    orders: [
      {
        number: "MS-26-4711",
        job: {
          organisation: "Bondi Surf Club",
          contactName: "Liam O'Brien",
          streetAddress: "1 Queen Elizabeth Drive",
          postalCode: "2026",
          city: "Bondi Beach",
          state: NSW.abbreviation,
          country: "Australien",
          deliveryMethod: COURIER,
          dueDate: dueDay(102),
        },
        lines: [
          printLine(
            screen2,
            50,
            { Fabric: fabric("Cotton"), InkColours: "PMS 286 C, White" },
            { answers: { Fabric: "Baumwolle" }, artwork: "https://druck.example/kunden/bondi/front.pdf" },
          ),
          printLine(
            neckLabel,
            200,
            { LabelText: "Bondi Surf Club" },
            { artwork: "https://druck.example/kunden/bondi/label.pdf", note: "Nackenetikett" },
          ),
          printLine(
            dtf4,
            50,
            { Fabric: fabric("Cotton") },
            { artwork: "https://druck.example/kunden/bondi/crest.png" },
          ),
        ],
      },
      {
        number: "MS-26-4712",
        job: {
          organisation: "Fremantle Rowing Club",
          contactName: "Chloe Anderson",
          streetAddress: "35 Riverside Road",
          postalCode: "6160",
          city: "East Fremantle",
          state: WA.abbreviation,
          country: "Australien",
          deliveryMethod: OVERNIGHT,
          dueDate: dueDay(109),
        },
        lines: [printLine(screenA4, 30, { Fabric: fabric("Polyester"), InkColours: "Black" })],
      },
      {
        number: "MS-26-4713",
        job: {
          organisation: "Hobart Harriers",
          contactName: "Sam Turner",
          streetAddress: "2 Davey Street",
          postalCode: "7000",
          city: "Hobart",
          state: TAS.abbreviation.toLowerCase(),
          country: "Australien",
          deliveryMethod: COURIER,
          dueDate: dueDay(116),
        },
        lines: [
          printLine(dtf11x14, 25, { Fabric: fabric("Cotton/Poly blend") }, { answers: { Fabric: "Mischgewebe" } }),
        ],
      },
    ],
    below: (sum) => [{ Preiscode: "Summe", Stückzahl: sum("Stückzahl") }],
  };

  // --- 12. A French boutique's stock order: semicolon CSV in Windows-1252, one column per size ---------------

  const BOUTIQUE_SIZES = [...ADULT_WIDE, ["3XL", "3XL"]] as const;

  const boutique: SheetSpec = {
    file: "fr-boutique-wide.csv",
    messy:
      "French boutique's stock order: ';' CSV in Windows-1252 with a title row; 'N° de commande', 'Modèle', " +
      "'Coloris', 'CP', 'Mode d'envoi', 'Date souhaitée' (dd/mm/yyyy); one column per size with a 'Qté totale' " +
      "per row; colours in French; 'Nouvelle-Zélande'; a totals row",
    csv: { delimiter: ";", encoding: "windows-1252", lineEnd: "\r\n" },
    above: [["Commande boutique – Les Kiwis de Lyon"], []],
    columns: [
      orderColumn("N° de commande"),
      jobColumn("Destinataire", "contactName"),
      jobColumn("Société", "organisation"),
      jobColumn("Adresse", "streetAddress"),
      jobColumn("CP", "postalCode"),
      jobColumn("Ville", "city"),
      jobColumn("Pays", "country"),
      jobColumn("Mode d'envoi", "deliveryMethod"),
      jobColumn("Date souhaitée", "dueDate"),
      codeColumn("Modèle"),
      colourColumn("Coloris"),
      ...sizeColumns(BOUTIQUE_SIZES),
      rowTotalColumn(
        "Qté totale",
        BOUTIQUE_SIZES.map(([header]) => header),
      ),
    ],
    layout: "wide",
    orderNumbers: "every row",
    jobValues: "every row",
    orders: [
      {
        number: "BQ-2027-031",
        job: {
          contactName: "Élodie Bernard",
          organisation: "Les Kiwis de Lyon",
          streetAddress: "233 Cuba Street",
          postalCode: "6011",
          city: "Wellington",
          country: NZ,
          deliveryMethod: COURIER,
          dueDate: dateText(dueDay(104), "dd/mm/yyyy"),
        },
        lines: [
          stockLine(
            tee,
            "Grey Marle",
            [
              ["XS", 3],
              ["S", 6],
              ["M", 8],
              ["L", 6],
              ["XL", 2],
            ],
            { colour: "Gris chiné" },
          ),
          stockLine(
            hood,
            "Black",
            [
              ["S", 2],
              ["M", 4],
              ["L", 4],
              ["XL", 2],
              ["2XL", 1],
              ["3XL", 1],
            ],
            { colour: "Noir" },
          ),
        ],
      },
      {
        number: "BQ-2027-032",
        job: {
          contactName: "Élodie Bernard",
          organisation: "Les Kiwis de Lyon",
          streetAddress: "233 Cuba Street",
          postalCode: "6011",
          city: "Wellington",
          country: "Nouvelle-Zélande",
          deliveryMethod: PICK_UP,
          dueDate: dateText(dueDay(111), "dd/mm/yyyy"),
        },
        lines: [
          stockLine(tee, "White", [
            ["S", 4],
            ["M", 4],
            ["L", 4],
          ]),
          stockLine(polo, "Black", [
            ["M", 2],
            ["L", 2],
            ["XL", 1],
          ]),
        ],
      },
    ],
    below: (sum) => [
      {
        Modèle: "Total",
        ...Object.fromEntries(BOUTIQUE_SIZES.map(([header]) => [header, sum(header)])),
        "Qté totale": sum("Qté totale"),
      },
    ],
  };

  // --- 13. An Italian basketball club's names and numbers: semicolon CSV with a BOM ---------------------------

  const namesNumbers: SheetSpec = {
    file: "it-nomi-numeri.csv",
    messy:
      "Italian names-and-numbers list: ';' UTF-8 CSV with a BOM and a title row; 'Codice stampa', 'Giocatore', " +
      "'Numero', 'Colore vinile', 'Carattere', 'Consegna'; vinyl colours in Italian in one order; a pick-up order " +
      "with no address; job details on each order's first row only",
    csv: { delimiter: ";", encoding: "utf-8-bom", lineEnd: "\r\n" },
    above: [["Stampa nomi e numeri – Basket Ponsonby Leoni"]],
    columns: [
      orderColumn("Ordine"),
      jobColumn("Squadra", "description"),
      jobColumn("Referente", "contactName"),
      jobColumn("Indirizzo", "streetAddress"),
      jobColumn("CAP", "postalCode"),
      jobColumn("Città", "city"),
      jobColumn("Spedizione", "deliveryMethod"),
      jobColumn("Consegna", "dueDate"),
      codeColumn("Codice stampa"),
      answerColumn("Giocatore", "PlayerName"),
      answerColumn("Numero", "PlayerNumber"),
      answerColumn("Colore vinile", "VinylColour"),
      answerColumn("Carattere", "Font"),
      quantityColumn("Quantità"),
      noteColumn("Note"),
    ],
    layout: "long",
    orderNumbers: "every row",
    jobValues: "first row",
    orders: [
      {
        number: "BPL-01",
        job: {
          description: "Leoni U16",
          contactName: "Luca Ferrari",
          deliveryMethod: PICK_UP,
          dueDate: dateText(dueDay(99), "dd/mm/yyyy"),
        },
        lines: namesAndNumbers(
          [
            ["FERRARI", "4"],
            ["ESPOSITO", "5"],
            ["ROMANO", "8"],
            ["COLOMBO", "11"],
            ["RICCI", "14"],
          ],
          "White",
          { colour: "Bianco", font: "Block" },
        ),
      },
      {
        number: "BPL-02",
        job: {
          description: "Leoni U18",
          contactName: "Sofia Greco",
          streetAddress: "210 Jervois Road",
          postalCode: "1011",
          city: "Auckland",
          deliveryMethod: COURIER,
          dueDate: dateText(dueDay(106), "dd/mm/yyyy"),
        },
        lines: namesAndNumbers(
          [
            ["GRECO", "6"],
            ["MARINO", "9"],
            ["BRUNO", "13"],
          ],
          "Gold",
          { font: "Collegiate" },
        ),
      },
    ],
  };

  // --- 14. A Dutch football club's form: a workbook, one column per size, a Totaal formula on each row --------

  const dutchWide: SheetSpec = {
    file: "nl-sportclub-breed.xlsx",
    messy:
      "Dutch football club form: two title rows; wide layout XS…XXL with a 'Totaal' formula per row; 'Artikel', " +
      "'Kleur', 'Woonplaats', 'Telefoon', 'Opmerkingen'; colours in Dutch; 'Nieuw-Zeeland'; job details on each " +
      "order's first row only; a totals row with formulas",
    workbook: { worksheet: "Bestelling", dateFormat: "d-m-yyyy" },
    above: [["Bestelformulier teamkleding"], ["Voetbalclub Kiwi Oranje – seizoen 2027"]],
    columns: [
      orderColumn("Bestelnummer"),
      jobColumn("Club", "organisation"),
      jobColumn("Contact", "contactName"),
      jobColumn("Telefoon", "phone"),
      jobColumn("Adres", "streetAddress"),
      jobColumn("Postcode", "postalCode"),
      jobColumn("Woonplaats", "city"),
      jobColumn("Land", "country"),
      jobColumn("Verzending", "deliveryMethod"),
      jobColumn("Leverdatum", "dueDate"),
      codeColumn("Artikel"),
      colourColumn("Kleur"),
      ...sizeColumns(ADULT_WIDE),
      rowTotalColumn(
        "Totaal",
        ADULT_WIDE.map(([header]) => header),
      ),
      noteColumn("Opmerkingen"),
    ],
    layout: "wide",
    orderNumbers: "every row",
    jobValues: "first row",
    orders: [
      {
        number: "VKO-2027-01",
        job: {
          organisation: "Voetbalclub Kiwi Oranje",
          contactName: "Daan Jansen",
          phone: "09 555 0166",
          streetAddress: "77 Great North Road",
          postalCode: "1021",
          city: "Auckland",
          country: "Nieuw-Zeeland",
          deliveryMethod: COURIER,
          dueDate: dueDay(101),
        },
        lines: [
          stockLine(
            tee,
            "Black",
            [
              ["S", 4],
              ["M", 7],
              ["L", 7],
              ["XL", 3],
            ],
            { colour: "Zwart", note: "Trainingsshirts" },
          ),
          stockLine(polo, "Navy", [
            ["M", 2],
            ["L", 3],
            ["XL", 1],
          ]),
          stockLine(
            hood,
            "Navy",
            [
              ["S", 1],
              ["M", 3],
              ["L", 3],
              ["2XL", 1],
            ],
            { colour: "Marineblauw" },
          ),
        ],
      },
      {
        number: "VKO-2027-02",
        job: {
          organisation: "Voetbalclub Kiwi Oranje – jeugd",
          contactName: "Emma de Boer",
          phone: "021 555 0123",
          streetAddress: "77 Great North Road",
          postalCode: "1021",
          city: "Auckland",
          country: NZ,
          deliveryMethod: COURIER,
          dueDate: dueDay(108),
        },
        lines: [
          stockLine(
            tee,
            "Red",
            [
              ["XS", 6],
              ["S", 8],
              ["M", 4],
            ],
            { colour: "Rood" },
          ),
        ],
      },
    ],
    below: (sum) => [
      {
        Artikel: "Totaal",
        ...Object.fromEntries(ADULT_WIDE.map(([header]) => [header, sum(header)])),
        Totaal: sum("Totaal"),
      },
    ],
  };

  // --- 15. A surf club's print order: an English CSV, price codes under "Print", a custom-size gang sheet -------

  const substrate = (text: string) => c.option(sublimationA4, "Substrate", text);

  const surfClub: SheetSpec = {
    file: "nz-club-prints.csv",
    messy:
      "Surf club's print order: plain UTF-8 CSV with a title row; 'No.', 'Print' holding price codes, 'Qty.', " +
      "'Ink', 'Substrate', 'W (in)' and 'H (in)' for a custom-size gang sheet, 'Town/City', 'Region' (misspelt), " +
      "'Ship via', 'Wanted by' ('5th March 2027'); a substrate in lower case; job details on each order's first " +
      "row only",
    csv: { delimiter: ",", encoding: "utf-8", lineEnd: "\r\n" },
    above: [["Tauranga Surf Life Saving - print order, summer 2027"]],
    columns: [
      orderColumn("No."),
      jobColumn("Club", "organisation"),
      jobColumn("Contact", "contactName"),
      jobColumn("Mobile", "mobile"),
      jobColumn("Address", "streetAddress"),
      jobColumn("Town/City", "city"),
      jobColumn("Region", "state"),
      jobColumn("Postcode", "postalCode"),
      jobColumn("Ship via", "deliveryMethod"),
      jobColumn("Wanted by", "dueDate"),
      codeColumn("Print"),
      answerColumn("Fabric", "Fabric"),
      answerColumn("Ink", "InkColours"),
      answerColumn("Substrate", "Substrate"),
      dimensionColumn("W (in)", "width"),
      dimensionColumn("H (in)", "height"),
      quantityColumn("Qty."),
      noteColumn("Notes"),
    ],
    layout: "long",
    orderNumbers: "every row",
    jobValues: "first row",
    orders: [
      {
        number: "TSLS-01",
        job: {
          organisation: "Tauranga Surf Life Saving Club",
          contactName: "Kiri Walker",
          mobile: "022 555 0147",
          streetAddress: "1 Marine Parade",
          city: "Mount Maunganui",
          // New Zealand addresses take no state from the lookups, so the region goes as written: misspelt.
          state: "Bay of Plentty",
          postalCode: "3116",
          deliveryMethod: COURIER,
          dueDate: dateText(dueDay(105), "do mmmm yyyy"),
        },
        lines: [
          printLine(screen3, 60, { Fabric: fabric("Polyester"), InkColours: "PMS 485 C, PMS 109 C, White" }),
          printLine(sublimationA3, 12, { Substrate: substrate("Polyester tee") }, { note: "Lifeguard tees" }),
          customSizeLine(gangSheet, 5, 22, 48, { Fabric: fabric("Cotton") }),
        ],
      },
      {
        number: "TSLS-02",
        job: {
          organisation: "Tauranga Surf Life Saving Club",
          contactName: "Ben Harris",
          mobile: "021 555 0163",
          deliveryMethod: PICK_UP,
          dueDate: dateText(dueDay(112), "do mmmm yyyy"),
        },
        lines: [
          printLine(
            sublimationA4,
            20,
            { Substrate: substrate("Performance polo") },
            { answers: { Substrate: substrate("Performance polo").toLowerCase() } },
          ),
          customSizeLine(gangSheet, 2, 22, 100),
        ],
      },
    ],
  };

  return [
    germanClub,
    frenchClub,
    spanishClub,
    italianClub,
    dutchClub,
    clubKit,
    netball,
    soccer,
    reorders,
    school,
    printShop,
    boutique,
    namesNumbers,
    dutchWide,
    surfClub,
  ];
}
