import type { IncomingMessage } from "node:http";
import { readBody } from "../http/read-body";
import { IMPORTER_PROBLEM_BASE } from "../../api/problem";
import type { SubmissionLeases } from "./submission-leases";

/** How the lease route answers, through the request's own logging and headers. */
export interface LeaseReply {
  readonly finish: (status: number, body: unknown, extraHeaders?: Record<string, string>) => void;
  readonly refuse: (
    status: number,
    slug: string,
    title: string,
    detail?: string,
    extra?: Record<string, string>,
  ) => true;
  readonly corsHeaders: Record<string, string>;
}

/** A lease holder's name: the page's own id (a tab id kept across its reloads). */
const HOLDER = /^[\w-]{1,100}$/;

/**
 * The account's submission lease, beside the connection's vendor paths: POST `{ "holder": id }`
 * takes or renews it (200, or 409 with since when another page holds it); DELETE `?holder=id`
 * gives it up. The proxy's access key and origin rules apply before this is reached.
 */
export async function answerLease(
  leases: SubmissionLeases,
  req: IncomingMessage,
  method: string,
  connection: string,
  query: URLSearchParams,
  reply: LeaseReply,
): Promise<true> {
  const { finish, refuse, corsHeaders } = reply;
  if (method === "DELETE") {
    req.resume();
    const holder = query.get("holder");
    if (holder) leases.release(connection, holder);
    finish(204, undefined, corsHeaders);
    return true;
  }
  if (method !== "POST")
    return refuse(
      405,
      "method-not-allowed",
      "Take the lease with POST, give it up with DELETE",
      undefined,
      corsHeaders,
    );
  let holder: unknown;
  try {
    holder = (JSON.parse((await readBody(req, 1024)).toString("utf8")) as { holder?: unknown }).holder;
  } catch {
    holder = undefined;
  }
  if (typeof holder !== "string" || !HOLDER.test(holder))
    return refuse(400, "lease-holder-missing", "Name the lease's holder", undefined, corsHeaders);
  const grant = leases.take(connection, holder);
  const since = new Date(grant.since).toISOString();
  if (grant.held)
    finish(200, { held: true, since }, { ...corsHeaders, "Content-Type": "application/json; charset=utf-8" });
  else
    finish(
      409,
      {
        type: `${IMPORTER_PROBLEM_BASE}submitting-elsewhere`,
        title: "This account's orders are being submitted elsewhere",
        status: 409,
        detail: null,
        held: false,
        since,
      },
      corsHeaders,
    );
  return true;
}
