import { useEffect, useRef, useState } from "preact/hooks";
import { phaseOf, whenToAnnounce, type Spoken } from "./live-announcement";

interface Props {
  /** What is happening now, as the page shows it; it may change on every tick. */
  readonly text: string;
  readonly testId?: string;
}

/**
 * A polite live region, out of sight, that tells a screen reader what the page shows changing
 * beside it (progress, counts) at a pace it can follow: a new phase at once, more progress at
 * most every few seconds. It is in the page empty first and speaks after, since a region that
 * arrives with its words is often not heard.
 */
export function LiveStatus({ text, testId }: Props) {
  const [said, setSaid] = useState("");
  const last = useRef<Spoken | undefined>(undefined);
  useEffect(() => {
    const say = () => {
      last.current = { text, phase: phaseOf(text), at: Date.now() };
      setSaid(text);
    };
    const decision = whenToAnnounce(last.current, text, Date.now());
    if (decision.when === "now") say();
    if (decision.when !== "later") return;
    const timer = setTimeout(say, decision.inMs);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <p role="status" aria-live="polite" class="visually-hidden" data-testid={testId}>
      {said}
    </p>
  );
}
