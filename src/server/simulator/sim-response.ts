import type { ValidationMessage } from "../../core/vendor";

/** What a simulator handler answers; the server turns it into an HTTP response. */
export interface SimResponse {
  readonly status: number;
  readonly body?: unknown;
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

const PROBLEM_TYPES: Readonly<Record<number, string>> = {
  400: "https://tools.ietf.org/html/rfc9110#section-15.5.1",
  401: "https://tools.ietf.org/html/rfc9110#section-15.5.2",
  403: "https://tools.ietf.org/html/rfc9110#section-15.5.4",
  404: "https://tools.ietf.org/html/rfc9110#section-15.5.5",
  409: "https://tools.ietf.org/html/rfc9110#section-15.5.10",
  429: "https://tools.ietf.org/html/rfc6585#section-4",
  500: "https://tools.ietf.org/html/rfc9110#section-15.6.1",
};

export function ok(body: unknown, status = 200): SimResponse {
  return { status, body };
}

export function noContent(): SimResponse {
  return { status: 204 };
}

export function problem(
  status: number,
  title: string,
  detail?: string,
  extra: Record<string, unknown> = {},
): SimResponse {
  return {
    status,
    contentType: "application/problem+json",
    body: { type: PROBLEM_TYPES[status] ?? "about:blank", title, status, detail: detail ?? null, ...extra },
  };
}

/** A 400 in the jobs style: an array of coded messages beside `isValid: false`. */
export function validationFailure(messages: readonly ValidationMessage[]): SimResponse {
  return problem(400, "One or more validation errors occurred.", messages.map((m) => m.message).join(" "), {
    isValid: false,
    validationMessages: messages,
  });
}

/** A 400 in the field style: messages keyed by the offending parameter. */
export function fieldErrors(errors: Record<string, string[]>): SimResponse {
  return problem(400, "One or more validation errors occurred.", undefined, { errors });
}

/** The vendor's 500: deliberately says nothing about the cause. */
export function opaqueServerError(): SimResponse {
  return problem(500, "An error occurred while processing your request.");
}

export const notFound = (detail?: string) => problem(404, "Not Found", detail);
export const forbidden = (detail: string) => problem(403, "Forbidden", detail);
