import type { ArtworkCheck } from "../core/artwork/artwork-check";
import { settingItems } from "../server/app-server";
import { checkArtworkLinks } from "../server/artwork/check-artwork";
import { demoArtworkFor } from "../server/simulator/demo-artwork";
import type { VendorConnection } from "./vendor-connection";

/** What the test and demo settings allow the artwork check beyond the public internet. */
export interface ArtworkSettings {
  /** Internal addresses ("host:port") a test's own artwork server is at (ARTWORK_CHECK_ALLOW_INTERNAL_FOR_TESTS). */
  readonly allowedInternal: readonly string[];
  /** Documentation-domain links stand for the demo files even with a vendor configured (ARTWORK_DEMO_FILES). */
  readonly demoFiles: boolean;
}

/** ARTWORK_CHECK_ALLOW_INTERNAL_FOR_TESTS and ARTWORK_DEMO_FILES: for tests and demos, never for production. */
export function artworkSettingsOf(env: Readonly<Record<string, string | undefined>>): ArtworkSettings {
  return {
    allowedInternal: settingItems(env["ARTWORK_CHECK_ALLOW_INTERNAL_FOR_TESTS"]),
    demoFiles: env["ARTWORK_DEMO_FILES"] === "true",
  };
}

/**
 * Artwork links checked straight from Node with the proxy's rules and guards (see server/artwork). With the embedded
 * simulator (or the demo setting), documentation-domain links stand for its demo files, as the proxy answers them;
 * internal addresses are refused unless the test setting names one.
 */
export function artworkCheckerFor(
  vendor: Pick<VendorConnection, "simulated">,
  settings: ArtworkSettings = { allowedInternal: [], demoFiles: false },
): (urls: readonly string[]) => Promise<ArtworkCheck[]> {
  const local = vendor.simulated || settings.demoFiles ? { answerLocally: demoArtworkFor } : {};
  return (urls) => checkArtworkLinks(urls, { allowedInternal: settings.allowedInternal, ...local });
}
