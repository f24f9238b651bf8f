import { createVendorClient, type VendorClient } from "../api";
import { proxyAddress } from "./proxy-connections";

/** A vendor client that goes through the proxy for one connection. */
export function clientFor(connection: string, accessKey?: string): VendorClient {
  return createVendorClient(proxyAddress(connection, accessKey));
}
