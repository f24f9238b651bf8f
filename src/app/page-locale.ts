/** The page's locale for money, where there is a page. */
export function navigatorLocale(): string {
  return typeof navigator !== "undefined" && navigator.language ? navigator.language : "en-NZ";
}
