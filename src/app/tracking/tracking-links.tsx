import { safeLink, type TrackingLink } from "./tracked-jobs";

interface Props {
  readonly tracking: readonly TrackingLink[];
  readonly jobNumber: number;
  readonly testId?: string;
}

/** A job's parcels: each tracking number, linked to the courier's page when the vendor gave a web link. */
export function TrackingLinks({ tracking, jobNumber, testId }: Props) {
  return (
    <ul class="tracking-links" data-testid={testId}>
      {tracking.map((parcel, index) => {
        const href = safeLink(parcel.trackingLink);
        const label = parcel.trackingNumber || "Track parcel";
        return (
          <li key={`${parcel.trackingNumber}-${index}`}>
            {href ? (
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Track parcel ${label} of job ${jobNumber} (opens in a new tab)`}
              >
                {label}
              </a>
            ) : (
              label
            )}
          </li>
        );
      })}
    </ul>
  );
}
