import { z } from "zod";
import { nullableInt, nullableString } from "./schema-helpers";

export const Country = z.object({
  name: z.string(),
  iso2: z.string(),
  iso3: nullableString(),
  hasSuburb: z.boolean().nullish(),
  hasState: z.boolean().nullish(),
  hasPostalCode: z.boolean().nullish(),
});
export type Country = z.infer<typeof Country>;

export const CountriesResponse = z.object({
  countries: z.array(Country),
  defaultCountry: nullableString(),
});
export type CountriesResponse = z.infer<typeof CountriesResponse>;

export const State = z.object({ name: z.string(), abbreviation: nullableString() });
export type State = z.infer<typeof State>;

export const StatesResponse = z.object({ countryCode: z.string(), states: z.array(State) });
export type StatesResponse = z.infer<typeof StatesResponse>;

export const JobStatus = z.object({ id: z.int(), name: z.string() });
export type JobStatus = z.infer<typeof JobStatus>;
export const JobStatusList = z.array(JobStatus);

export const ProcessCodeMetadata = z.object({
  setupApplies: z.boolean().nullish(),
  resetApplies: z.boolean().nullish(),
  scheduleable: z.boolean().nullish(),
  physicalStockRequired: z.boolean().nullish(),
  printable: z.boolean().nullish(),
});

export const ProcessCode = z.object({
  processCode: z.string(),
  description: z.string(),
  rank: nullableInt(),
  metadata: ProcessCodeMetadata.nullish(),
});
export type ProcessCode = z.infer<typeof ProcessCode>;
export const ProcessCodeList = z.array(ProcessCode);

export const SizeSet = z.object({ id: z.int(), name: z.string(), sizes: z.array(z.string()) });
export type SizeSet = z.infer<typeof SizeSet>;
export const SizeSetList = z.array(SizeSet);
