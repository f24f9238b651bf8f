import type { PriceBand } from "./vendor";

/** What a line is estimated to cost, from the account's tier bands. An estimate, not a quote. */
export interface LineEstimate {
  readonly quantity: number;
  readonly unitPrice: number;
  /** Setup for a new price-code line, reset for an asset reorder; 0 when none applies. */
  readonly oneOff: number;
  readonly oneOffKind: "setup" | "reset" | null;
  readonly total: number;
}

/** An amount to the cent. */
export const round2 = (value: number) => Math.round(value * 100) / 100;

/** The unit price of the band a quantity falls in (the top band when above all). */
export function bandPrice(bands: readonly PriceBand[], quantity: number): number | undefined {
  let price: number | undefined;
  for (const band of bands) {
    if (quantity >= band.from && (band.to == null || quantity <= band.to)) return band.unitPrice;
    if (quantity >= band.from) price = band.unitPrice;
  }
  return price ?? bands[0]?.unitPrice;
}

export function estimateLine(
  unitPrice: number,
  quantity: number,
  oneOff: number,
  oneOffKind: LineEstimate["oneOffKind"],
): LineEstimate {
  return {
    quantity,
    unitPrice,
    oneOff: round2(oneOff),
    oneOffKind: oneOff > 0 ? oneOffKind : null,
    total: round2(unitPrice * quantity + oneOff),
  };
}

export function sumEstimates(estimates: readonly (LineEstimate | undefined)[]): number {
  return round2(estimates.reduce((sum, e) => sum + (e?.total ?? 0), 0));
}

const formats = new Map<string, Intl.NumberFormat | null>();

/** Money in the account's currency, as the user's locale writes it. */
export function formatMoney(amount: number, currency: string, locale = "en-NZ"): string {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, { style: "currency", currency });
    } catch {
      format = null;
    }
    formats.set(key, format);
  }
  return format ? format.format(amount) : `${amount.toFixed(2)} ${currency}`;
}
