import { useEffect, useState } from "preact/hooks";
import type { CatalogueSnapshot } from "../../core/catalogue";

/**
 * The account's catalogue snapshot, read once per account: the one read for another account
 * is never shown (its prices and lists are not this account's), nor one that came too late.
 */
export function useCatalogueSnapshot(
  read: () => Promise<CatalogueSnapshot | undefined>,
  accountId: number,
): CatalogueSnapshot | undefined {
  const [kept, setRead] = useState<{ readonly accountId: number; readonly snapshot: CatalogueSnapshot | undefined }>();
  useEffect(() => {
    let current = true;
    void read().then((snapshot) => current && setRead({ accountId, snapshot }));
    return () => {
      current = false;
    };
  }, [read, accountId]);
  return kept?.accountId === accountId ? kept.snapshot : undefined;
}
