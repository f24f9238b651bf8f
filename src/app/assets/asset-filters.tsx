import type { AssetFilter, Facet } from "../../core/reorder/asset-catalogue";

interface Props {
  readonly filter: AssetFilter;
  readonly facets: { readonly processes: readonly Facet[]; readonly garments: readonly Facet[] };
  readonly onChange: (filter: AssetFilter) => void;
}

const blankToUndefined = (value: string) => (value.trim() === "" ? undefined : value);

/** What the designs can be narrowed by: text, process, garment, when made and when last ordered; archived and global ones. */
export function AssetFilters({ filter, facets, onChange }: Props) {
  const set = (change: Partial<AssetFilter>) => onChange({ ...filter, ...change });
  return (
    <form class="asset-filters" role="search" aria-label="Filter assets" onSubmit={(event) => event.preventDefault()}>
      <div class="field wide">
        <label for="asset-filter-search">Search</label>
        <input id="asset-filter-search" type="search" value={filter.search ?? ""} placeholder="Tag, description, garment…" onInput={(e) => set({ search: blankToUndefined(e.currentTarget.value) })} />
      </div>
      <div class="field">
        <label for="asset-filter-process">Process</label>
        <select id="asset-filter-process" value={filter.processCode ?? ""} onChange={(e) => set({ processCode: blankToUndefined(e.currentTarget.value) })}>
          <option value="">Any process</option>
          {facets.processes.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label} ({p.count})
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="asset-filter-garment">Garment</label>
        <select id="asset-filter-garment" value={filter.garment ?? ""} onChange={(e) => set({ garment: blankToUndefined(e.currentTarget.value) })}>
          <option value="">Any garment</option>
          {facets.garments.map((g) => (
            <option key={g.value} value={g.value}>
              {g.label} ({g.count})
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="asset-filter-made-from">Made from</label>
        <input id="asset-filter-made-from" type="date" value={filter.createdFrom ?? ""} onInput={(e) => set({ createdFrom: blankToUndefined(e.currentTarget.value) })} />
      </div>
      <div class="field">
        <label for="asset-filter-made-up-to">Made up to</label>
        <input id="asset-filter-made-up-to" type="date" value={filter.createdTo ?? ""} onInput={(e) => set({ createdTo: blankToUndefined(e.currentTarget.value) })} />
      </div>
      <div class="field">
        <label for="asset-filter-ordered-since">Ordered since</label>
        <input id="asset-filter-ordered-since" type="date" value={filter.orderedSince ?? ""} onInput={(e) => set({ orderedSince: blankToUndefined(e.currentTarget.value) })} />
      </div>
      <label class="check">
        <input type="checkbox" checked={filter.showGlobal !== false} onChange={(e) => set({ showGlobal: e.currentTarget.checked })} /> Include global assets
      </label>
      <label class="check">
        <input type="checkbox" checked={filter.showArchived === true} onChange={(e) => set({ showArchived: e.currentTarget.checked })} /> Show archived assets
      </label>
      <button type="button" class="small secondary" onClick={() => onChange({})}>
        Clear filters
      </button>
    </form>
  );
}
