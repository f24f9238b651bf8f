import { bandRange, sortedBands } from "../../core/reorder/asset-catalogue";
import type { PriceBand } from "../../core/vendor";

/** An asset's price per unit in each band, each band kept on one line. */
export function PriceBands({
  bands,
  money,
}: {
  readonly bands: readonly PriceBand[];
  readonly money: (amount: number) => string;
}) {
  if (bands.length === 0) return <>No prices given</>;
  return (
    <ul class="price-bands">
      {sortedBands(bands).map((band) => (
        <li key={band.from}>
          {bandRange(band)}: {money(band.unitPrice)}
        </li>
      ))}
    </ul>
  );
}
