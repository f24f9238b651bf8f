import { z } from "zod";
import { nullableString } from "./schema-helpers";

/** Paged list envelope used by assets, global assets, account users and transactions. */
export function PagedEnvelope<Entity extends z.ZodType>(entity: Entity) {
  return z.object({
    pageSize: z.int(),
    returnedResults: z.int(),
    totalResults: z.int(),
    totalPages: z.int(),
    currentPage: z.int(),
    hasNext: z.boolean(),
    hasPrevious: z.boolean(),
    filter: nullableString(),
    nextUrl: nullableString(),
    previousUrl: nullableString(),
    entities: z.array(entity),
  });
}
export type PagedEnvelope<Entity> = {
  pageSize: number;
  returnedResults: number;
  totalResults: number;
  totalPages: number;
  currentPage: number;
  hasNext: boolean;
  hasPrevious: boolean;
  filter?: string | null | undefined;
  nextUrl?: string | null | undefined;
  previousUrl?: string | null | undefined;
  entities: Entity[];
};

export const ValidationMessage = z.object({
  errorCode: z.string().nullish(),
  message: z.string().nullish(),
});
export type ValidationMessage = z.infer<typeof ValidationMessage>;

/** RFC 7807 problem body, with both validation variants the spec describes. */
export const ProblemBody = z.object({
  type: nullableString(),
  title: nullableString(),
  status: z.int().nullish(),
  detail: nullableString(),
  instance: nullableString(),
  errors: z.record(z.string(), z.union([z.array(z.string()), z.string()])).nullish(),
  validationMessages: z.array(ValidationMessage).nullish(),
  isValid: z.boolean().nullish(),
});
export type ProblemBody = z.infer<typeof ProblemBody>;
