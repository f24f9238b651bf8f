/**
 * The accounts the corpus is written for, each with its own name for every identifier of the demo
 * account's that the sheets use: the demo account itself (every name as it is) and Tasman Transfers,
 * whose catalogue is shaped otherwise throughout (src/server/simulator/fixtures/tasman-*.ts). A name
 * an account has no entry for fails loudly, so nothing of the demo account's slips into its sheets.
 */
import { TASMAN_KIDS_CHART } from "../../src/server/simulator/fixtures/tasman-stock";
import type { CorpusProfile } from "./corpus-data";
import { CORPUS_ACCOUNTS, type CorpusAccount } from "./corpus-files";

const same = (name: string) => name;

export const DEMO_PROFILE: CorpusProfile = {
  accountId: 1042,
  priceCode: same,
  attribute: same,
  option: (_name, text) => text,
  stockCode: same,
  colour: same,
  size: same,
  deliveryCode: same,
};

/** A lookup that fails for a name it does not have. */
function table(what: string, entries: Readonly<Record<string, string>>): (name: string) => string {
  return (name) => {
    const found = entries[name];
    if (found === undefined) throw new Error(`Tasman Transfers has no ${what} standing for "${name}"`);
    return found;
  };
}

const TASMAN_OPTIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Fabric: {
    Cotton: "100% cotton",
    Polyester: "Polyester / performance",
    Nylon: "Nylon",
    "Cotton/Poly blend": "Poly-cotton blend",
    Softshell: "Softshell",
  },
  Placement: {
    "Left chest": "LEFT CHEST",
    "Full front": "CENTRE FRONT",
    "Full back": "CENTRE BACK",
    Sleeve: "SLEEVE",
    Nape: "BACK OF NECK",
  },
  VinylColour: {
    White: "WHITE",
    Black: "BLACK",
    Red: "RED",
    "Royal Blue": "ROYAL",
    Navy: "NAVY",
    Gold: "METALLIC GOLD",
    Silver: "METALLIC SILVER",
    "Fluoro Yellow": "FLUORO YELLOW",
  },
  Font: { Collegiate: "College", Block: "Block", "Pro Sport": "Athletic" },
  Finish: { Matte: "Matt", Gloss: "Gloss" },
  InkType: { Plastisol: "Plastisol", "Low cure": "Low cure", Puff: "Puff", Reflective: "Reflective" },
  Substrate: {
    "Polyester tee": "POLY T-SHIRT",
    "Performance polo": "PERFORMANCE POLO",
    Mousepad: "MOUSE MAT",
    Mug: "MUG (11 OZ)",
  },
  Backing: { "Iron-on": "Iron on", "Sew-on": "Sew on", "Hook and loop": "Velcro" },
};

/**
 * Sizes the Tasman runs spell otherwise: children's ages as the youth letters their size chart gives
 * (the demo account sizes children by age), 2XL as XXL, one size as "One Size". A label the run has
 * as it is (S, M, a women's 10) stays.
 */
const TASMAN_SIZES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(TASMAN_KIDS_CHART).map(([letter, age]) => [String(age), letter])),
  "2XL": "XXL",
  OSFA: "One Size",
};

export const TASMAN_PROFILE: CorpusProfile = {
  accountId: 3077,
  priceCode: table("price code", {
    'DTF 10" x 10": Full Colour': "HT-100/10X10/FC",
    'DTF 8" x 8": Full Colour': "HT-100/8X8/FC",
    'DTF 5" x 5": Full Colour': "HT-100/5X5/FC",
    'DTF 4" x 4": Full Colour': "HT-100/4X4/FC",
    'DTF 11" x 14": Full Colour': "HT-100/11X14/FC",
    "DTF A4: Full Colour": "HT-100/A4/FC",
    "DTF A3: Full Colour": "HT-100/A3/FC",
    'DTF 10" x 10": Glitter': "HT-110/10X10/GL",
    'SCR 8" x 10": 2 Colour': "SP-200/8X10/2C",
    "SCR A4: 1 Colour": "SP-200/A4/1C",
    'SCR 11" x 14": 3 Colour': "SP-200/11X14/3C",
    "SUB A3: Full Colour": "SB-400/A3/FC",
    "SUB A4: Full Colour": "SB-400/A4/FC",
    "DTF Gang Sheet: Custom Size": "HT-190/CUSTOM",
    'HTV Name 2": Single Colour': "CV-320/2IN/1C",
    'HTV Number 8": Single Colour': "CV-310/8IN/1C",
    'EMB 3" Round: Patch': "EP-500/3RND/EMB",
    'LBL 2" x 1": Neck Label': "HL-600/2X1/NL",
  }),
  attribute: table("question", {
    Fabric: "Material",
    Placement: "Position",
    PrintNotes: "Instructions",
    InkColours: "Ink",
    InkType: "InkSystem",
    VinylColour: "Film",
    Finish: "Sheen",
    PlayerNumber: "ShirtNo",
    NumberHeight: "NumHeightMm",
    Font: "Typeface",
    PlayerName: "NameText",
    Substrate: "Surface",
    ThreadColours: "Threads",
    Backing: "Attach",
    LabelText: "LabelWording",
    SizeRange: "LabelSizes",
    "DG-X": "DG-X",
    "DG-Y": "DG-Y",
  }),
  option: (name, text) => table(`option of ${name}`, TASMAN_OPTIONS[name] ?? {})(text),
  stockCode: table("stock item", {
    AS5001: "GT100",
    AS5051: "GT150",
    AS3006: "GT110",
    AS5101: "HD300",
    CB7720: "PL220",
    RJ100: "RG400",
    RJ100Y: "RG410",
    CP1140: "CP050",
    "EQ-PILLOW": "HP-PILLOW",
    "EQ-TEFLON": "HP-PTFE",
  }),
  colour: table("colour", {
    Black: "Jet Black",
    White: "Optic White",
    Navy: "French Navy",
    Red: "Scarlet",
    "Grey Marle": "Heather Grey",
    Pink: "Candy Pink",
    Royal: "Royal Blue",
    Bottle: "Forest Green",
    Sky: "Sky Blue",
    "Black/Gold": "Black & Gold",
    "Navy/White": "Navy & White",
    "Red/Black": "Red & Black",
    Standard: "Standard",
  }),
  size: (label, run) => (run.includes(label) ? label : table("size", TASMAN_SIZES)(label)),
  deliveryCode: table("delivery option", {
    CPSTD: "TT-STD",
    CPON: "TT-ON",
    RURAL: "TT-RD",
    INTL: "TT-INT",
    PICKUP: "TT-COL",
  }),
};

/** Each account of the corpus (corpus-files.ts) with its profile. */
export const CORPUS_PROFILES: readonly (CorpusAccount & { readonly profile: CorpusProfile })[] = CORPUS_ACCOUNTS.map(
  (account) => {
    const profile = [DEMO_PROFILE, TASMAN_PROFILE].find((p) => p.accountId === account.accountId);
    if (profile === undefined) throw new Error(`No corpus profile for account ${account.accountId}`);
    return { ...account, profile };
  },
);
