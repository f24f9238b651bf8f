import type { Issue, IssueCode } from "../core/issues";

export interface TallySnapshot {
  readonly error: number;
  readonly warning: number;
  readonly info: number;
  readonly byCode: Readonly<Partial<Record<IssueCode, number>>>;
  readonly estimate: number;
}

/**
 * Issue counts by severity and code, and the estimate, kept up to date as rows and jobs
 * change (what leaves is subtracted, what comes is added), so a summary costs nothing.
 */
export function createIssueTally() {
  const counts = { error: 0, warning: 0, info: 0 };
  const byCode = new Map<IssueCode, number>();
  let estimate = 0;
  return {
    count(issues: readonly Issue[] | undefined, sign: 1 | -1): void {
      for (const issue of issues ?? []) {
        counts[issue.severity] += sign;
        byCode.set(issue.code, (byCode.get(issue.code) ?? 0) + sign);
      }
    },
    addEstimate(amount: number): void {
      estimate += amount;
    },
    snapshot(): TallySnapshot {
      const codes: Partial<Record<IssueCode, number>> = {};
      for (const [code, n] of byCode) if (n > 0) codes[code] = n;
      return { ...counts, byCode: codes, estimate: Math.round(estimate * 100) / 100 };
    },
    reset(): void {
      Object.assign(counts, { error: 0, warning: 0, info: 0 });
      byCode.clear();
      estimate = 0;
    },
  };
}

export type IssueTally = ReturnType<typeof createIssueTally>;
