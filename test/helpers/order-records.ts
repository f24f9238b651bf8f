/**
 * A price-code line the demo account's catalogue accepts as it stands, as header → cell; override what a test needs.
 */
export const DTF = 'DTF 4" x 4": Full Colour';

export const priceCodeRow = (overrides: Record<string, string> = {}): Record<string, string> => ({
  "Order No": "E-1",
  Code: DTF,
  Qty: "20",
  Fabric: "Cotton",
  "Due date": "2027-03-01",
  Delivery: "Courier",
  Street: "1 Queen Street",
  City: "Auckland",
  Postcode: "1010",
  Country: "NZ",
  ...overrides,
});
