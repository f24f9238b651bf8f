/**
 * Reads query parameters the way the vendor's model binding does: names case-insensitive,
 * invalid values collected as field errors (answered 400) rather than thrown.
 */
export class QueryReader {
  readonly errors: Record<string, string[]> = {};
  readonly #values = new Map<string, string>();

  constructor(query: URLSearchParams) {
    for (const [name, value] of query) this.#values.set(name.toLowerCase(), value);
  }

  get hasErrors(): boolean {
    return Object.keys(this.errors).length > 0;
  }

  #fail(name: string, message: string): void {
    (this.errors[name] ??= []).push(message);
  }

  text(name: string): string | undefined {
    const value = this.#values.get(name.toLowerCase());
    return value === undefined || value === "" ? undefined : value;
  }

  /** The raw value, untrimmed, including an empty string (for exact-match parameters). */
  raw(name: string): string | undefined {
    return this.#values.get(name.toLowerCase());
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const value = this.text(name);
    if (value === undefined) return fallback;
    const number = Number(value);
    if (!/^-?\d+$/.test(value.trim()) || number < min || number > max) {
      this.#fail(name, `The value '${value}' is not valid for ${name}; expected a whole number from ${min} to ${max}.`);
      return fallback;
    }
    return number;
  }

  number(name: string): number | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    const number = Number(value);
    if (!Number.isFinite(number)) {
      this.#fail(name, `The value '${value}' is not a valid number.`);
      return undefined;
    }
    return number;
  }

  bool(name: string): boolean | undefined {
    const value = this.text(name)?.toLowerCase();
    if (value === undefined) return undefined;
    if (value === "true") return true;
    if (value === "false") return false;
    this.#fail(name, `The value '${value}' is not valid for ${name}; expected true or false.`);
    return undefined;
  }

  /** A comma-separated list, trimmed, without empty entries. */
  list(name: string): string[] {
    return (this.text(name) ?? "")
      .split(",")
      .map((item) => item.trim())
      .filter((item) => item !== "");
  }

  oneOf<const T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const value = this.text(name);
    if (value === undefined) return fallback;
    const match = allowed.find((option) => option.toLowerCase() === value.toLowerCase());
    if (match === undefined) {
      this.#fail(name, `The value '${value}' is not valid for ${name}; expected one of ${allowed.join(", ")}.`);
      return fallback;
    }
    return match;
  }
}
