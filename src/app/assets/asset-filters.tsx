import { formatCount } from "../../core/plural";
import type { AssetFilter, Facet } from "../../core/reorder/asset-catalogue";

interface Props {
  readonly filter: AssetFilter;
  readonly facets: { readonly processes: readonly Facet[]; readonly garments: readonly Facet[] };
  readonly onChange: (filter: AssetFilter) => void;
}

const blankToUndefined = (value: string) => (value.trim() === "" ? undefined : value);

interface FacetSelectProps {
  readonly id: string;
  readonly label: string;
  /** The first choice, which leaves this facet out of the filter ("Any process"). */
  readonly anyText: string;
  readonly value: string | undefined;
  readonly facets: readonly Facet[];
  readonly onChange: (value: string | undefined) => void;
}

/** One facet's list (process, garment): any, or one of the values the designs have, with how many have it. */
function FacetSelect({ id, label, anyText, value, facets, onChange }: FacetSelectProps) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} value={value ?? ""} onChange={(e) => onChange(blankToUndefined(e.currentTarget.value))}>
        <option value="">{anyText}</option>
        {facets.map((facet) => (
          <option key={facet.value} value={facet.value}>
            {facet.label} ({formatCount(facet.count)})
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * What the designs can be narrowed by: text, process, garment, when made and when last ordered; archived and global
 * ones.
 */
export function AssetFilters({ filter, facets, onChange }: Props) {
  const set = (change: Partial<AssetFilter>) => onChange({ ...filter, ...change });
  return (
    <form class="asset-filters" role="search" aria-label="Filter assets" onSubmit={(event) => event.preventDefault()}>
      <div class="field wide">
        <label for="asset-filter-search">Search</label>
        <input
          id="asset-filter-search"
          type="search"
          value={filter.search ?? ""}
          placeholder="Tag, description, garment…"
          onInput={(e) => set({ search: blankToUndefined(e.currentTarget.value) })}
        />
      </div>
      <FacetSelect
        id="asset-filter-process"
        label="Process"
        anyText="Any process"
        value={filter.processCode}
        facets={facets.processes}
        onChange={(processCode) => set({ processCode })}
      />
      <FacetSelect
        id="asset-filter-garment"
        label="Garment"
        anyText="Any garment"
        value={filter.garment}
        facets={facets.garments}
        onChange={(garment) => set({ garment })}
      />
      <div class="field">
        <label for="asset-filter-made-from">Made from</label>
        <input
          id="asset-filter-made-from"
          type="date"
          value={filter.createdFrom ?? ""}
          onInput={(e) => set({ createdFrom: blankToUndefined(e.currentTarget.value) })}
        />
      </div>
      <div class="field">
        <label for="asset-filter-made-up-to">Made up to</label>
        <input
          id="asset-filter-made-up-to"
          type="date"
          value={filter.createdTo ?? ""}
          onInput={(e) => set({ createdTo: blankToUndefined(e.currentTarget.value) })}
        />
      </div>
      <div class="field">
        <label for="asset-filter-ordered-since">Ordered since</label>
        <input
          id="asset-filter-ordered-since"
          type="date"
          value={filter.orderedSince ?? ""}
          onInput={(e) => set({ orderedSince: blankToUndefined(e.currentTarget.value) })}
        />
      </div>
      <label class="check">
        <input
          type="checkbox"
          checked={filter.showGlobal !== false}
          onChange={(e) => set({ showGlobal: e.currentTarget.checked })}
        />{" "}
        Include global assets
      </label>
      <label class="check">
        <input
          type="checkbox"
          checked={filter.showArchived === true}
          onChange={(e) => set({ showArchived: e.currentTarget.checked })}
        />{" "}
        Show archived assets
      </label>
      <button type="button" class="small secondary" onClick={() => onChange({})}>
        Clear filters
      </button>
    </form>
  );
}
