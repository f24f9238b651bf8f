import type { ApiResult } from "../../src/api";

/** The value of a successful call; a failed one fails the test with its status and title. */
export function unwrap<T>(result: ApiResult<T>): T {
  if (!result.ok) throw new Error(`${result.problem.status} ${result.problem.title}: ${result.problem.detail ?? ""}`);
  return result.value;
}

export const statusOf = (result: ApiResult<unknown>) => (result.ok ? result.status : result.problem.status);
