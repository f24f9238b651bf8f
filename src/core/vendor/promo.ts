import { z } from "zod";
import { nullableString } from "./schema-helpers";

export const PromoValidationResult = z.object({
  isValid: z.boolean(),
  promoCode: nullableString(),
  description: nullableString(),
  /** Cents when `isFixed`, otherwise a percentage. */
  discount: z.int(),
  isFixed: z.boolean(),
  message: nullableString(),
  applicableProcessCodes: z.array(z.string()).nullish(),
});
export type PromoValidationResult = z.infer<typeof PromoValidationResult>;
