import { ENDPOINTS, ENDPOINT_IDS, type EndpointId, type PathParamKind } from "./endpoints";

export const MAX_PATH_PARAM_LENGTH = 200;

export type PathParams = Record<string, string>;

export interface EndpointMatch {
  readonly id: EndpointId;
  /** Decoded path parameter values, each validated for its kind. */
  readonly params: PathParams;
}

interface CompiledRoute {
  readonly id: EndpointId;
  readonly method: string;
  /** Lower-cased literal segment, or the parameter name for a `{param}` segment. */
  readonly segments: readonly ({ literal: string } | { param: string; kind: PathParamKind })[];
  readonly literalCount: number;
}

const ROUTES: readonly CompiledRoute[] = ENDPOINT_IDS.map((id) => {
  const def = ENDPOINTS[id];
  const params: Readonly<Record<string, PathParamKind>> = def.params;
  const segments = def.path
    .split("/")
    .slice(1)
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (param === undefined) return { literal: segment.toLowerCase() };
      const kind = params[param];
      if (kind === undefined) throw new Error(`Endpoint ${id} has no kind for {${param}}`);
      return { param, kind };
    });
  return { id, method: def.method, segments, literalCount: segments.filter((s) => "literal" in s).length };
});

/** Whether a decoded value is acceptable as a path parameter of the given kind. */
export function isValidPathParam(kind: PathParamKind, value: string): boolean {
  switch (kind) {
    case "int":
      return /^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= 2147483647;
    case "countryCode":
      return /^[A-Za-z]{2}$/.test(value);
    case "text":
      return (
        value.length > 0 &&
        value.length <= MAX_PATH_PARAM_LENGTH &&
        !/^\.{1,2}$/.test(value) &&
        !value.includes("\\") &&
        // Control characters never belong in a code and could split a request line.
        !/[\u0000-\u001f\u007f]/.test(value)
      );
  }
}

function decodeSegment(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * Finds the documented endpoint for a method and a raw (still percent-encoded) path relative
 * to the API base, such as `/PriceCodes/DTF%2010%22`. Literal segments match case-insensitively,
 * as the vendor's routing does; the most literal match wins (`/Jobs/active` over `/Jobs/{jobNumber}`).
 * Returns undefined for anything undocumented or any parameter that fails validation.
 */
export function matchEndpoint(method: string, rawPath: string): EndpointMatch | undefined {
  if (!rawPath.startsWith("/") || rawPath.includes("\\")) return undefined;
  const rawSegments = rawPath.split("/").slice(1);
  if (rawSegments.length > 1 && rawSegments.at(-1) === "") rawSegments.pop();
  const upperMethod = method.toUpperCase();
  let best: EndpointMatch | undefined;
  let bestLiterals = -1;
  for (const route of ROUTES) {
    if (route.method !== upperMethod || route.segments.length !== rawSegments.length) continue;
    if (route.literalCount <= bestLiterals) continue;
    const params: PathParams = {};
    const matched = route.segments.every((segment, index) => {
      const raw = rawSegments[index] ?? "";
      if ("literal" in segment) return raw.toLowerCase() === segment.literal;
      const value = decodeSegment(raw);
      if (value === undefined || !isValidPathParam(segment.kind, value)) return false;
      params[segment.param] = value;
      return true;
    });
    if (matched) {
      best = { id: route.id, params };
      bestLiterals = route.literalCount;
    }
  }
  return best;
}

/** True when the path names a documented endpoint under another method (for 405 answers). */
export function isDocumentedPath(rawPath: string): boolean {
  return ["GET", "POST", "PATCH"].some((method) => matchEndpoint(method, rawPath) !== undefined);
}

/**
 * Fills an endpoint's path template with percent-encoded parameter values. Throws on a
 * missing or invalid parameter: callers validate first, so this is a programming error.
 */
export function buildEndpointPath(id: EndpointId, params: Readonly<Record<string, string | number>> = {}): string {
  const def = ENDPOINTS[id];
  const kinds: Readonly<Record<string, PathParamKind>> = def.params;
  return def.path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = params[name];
    const kind = kinds[name];
    if (value === undefined || kind === undefined) throw new Error(`Missing path parameter ${name} for ${id}`);
    const text = String(value);
    if (!isValidPathParam(kind, text)) throw new Error(`Invalid ${kind} path parameter ${name} for ${id}`);
    return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  });
}
