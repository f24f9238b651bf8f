import { ENDPOINT_IDS, type EndpointId } from "../../core/vendor";
import { ConfigError } from "../proxy/connections";
import type { FaultSettings, SimulatorOptions } from "./simulator";

type Env = Readonly<Record<string, string | undefined>>;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

function rate(env: Env, name: string): number | undefined {
  const value = env[name];
  if (value === undefined || value === "") return undefined;
  const number = Number(value);
  if (!(number >= 0 && number <= 1)) throw new ConfigError(`${name} must be a share between 0 and 1, not "${value}"`);
  return number;
}

/** SIM_NOW as ms since the epoch; the zone is required so the instant does not depend on the machine. */
function startAt(env: Env): number | undefined {
  const value = env["SIM_NOW"];
  if (value === undefined || value === "") return undefined;
  const instant = ISO_DATE_TIME.test(value.trim()) ? Date.parse(value.trim()) : NaN;
  if (Number.isNaN(instant))
    throw new ConfigError(`SIM_NOW must be an ISO date-time such as "2026-11-20T09:00:00Z", not "${value}"`);
  return instant;
}

/**
 * Simulator settings from the environment: SIM_NOW (the instant its clock starts at) and
 * fault injection: SIM_DELAY_MS ("250" or "100-800"), SIM_RATE_500, SIM_RATE_429,
 * SIM_DROP_AFTER_CREATE, SIM_500_AFTER_CREATE (shares 0..1) and SIM_FAULT_ENDPOINTS
 * (endpoint ids).
 */
export function simulatorOptionsFromEnv(env: Env): SimulatorOptions {
  const faults: { -readonly [K in keyof FaultSettings]: FaultSettings[K] } = {};
  const delay = env["SIM_DELAY_MS"];
  if (delay) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(delay.trim());
    if (!match) throw new ConfigError(`SIM_DELAY_MS must be "250" or "100-800", not "${delay}"`);
    faults.delayMs = match[2] === undefined ? Number(match[1]) : [Number(match[1]), Number(match[2])];
  }
  const rate500 = rate(env, "SIM_RATE_500");
  const rate429 = rate(env, "SIM_RATE_429");
  const drop = rate(env, "SIM_DROP_AFTER_CREATE");
  const fail500 = rate(env, "SIM_500_AFTER_CREATE");
  if (rate500 !== undefined) faults.rate500 = rate500;
  if (rate429 !== undefined) faults.rate429 = rate429;
  if (drop !== undefined) faults.dropAfterCreateRate = drop;
  if (fail500 !== undefined) faults.fail500AfterCreateRate = fail500;
  const endpoints = env["SIM_FAULT_ENDPOINTS"];
  if (endpoints) {
    const ids = endpoints.split(",").map((id) => id.trim());
    const unknown = ids.filter((id) => !(ENDPOINT_IDS as string[]).includes(id));
    if (unknown.length > 0) throw new ConfigError(`SIM_FAULT_ENDPOINTS: unknown endpoint ids ${unknown.join(", ")}`);
    faults.endpoints = ids as EndpointId[];
  }
  return { faults, startAt: startAt(env) };
}
