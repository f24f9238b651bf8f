import {
  type ACTIVE_JOB_SORT_COLUMNS,
  ENDPOINTS,
  JobCandidate,
  PatchJobDto,
  type ActiveJob,
  type Job,
} from "../../../core/vendor";
import { LOCATIONS } from "../fixtures/lookups";
import { checkJob } from "../job-validation";
import { readQuery } from "../read-query";
import { earliestShipDate } from "../ship-date";
import {
  fieldErrors,
  forbidden,
  noContent,
  notFound,
  ok,
  opaqueServerError,
  problem,
  validationFailure,
  type SimResponse,
} from "../sim-response";
import { jobProgress, type AccountState, type SimJob, type SimJobLine } from "../state";
import { compareBy, type Handler, type HandlerContext } from "./context";

const round2 = (value: number) => Math.round(value * 100) / 100;

function zodFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): SimResponse {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[issue.path.map(String).join(".") || "$"] ??= []).push(issue.message);
  return fieldErrors(errors);
}

/** The job's own account, or undefined for a job that does not exist or belongs to another account. */
function ownJob({ core, state, params }: HandlerContext): SimJob | undefined {
  const job = core.findJob(Number(params["jobNumber"]));
  return job !== undefined && job.accountId === state.account.id ? job : undefined;
}

function earliestDateFor(context: HandlerContext, processCodes: readonly string[]): string | undefined {
  return earliestShipDate(processCodes, context.core.now(), context.state.region.timezone)?.shippingDateLocal.slice(
    0,
    10,
  );
}

export function jobDetail(job: SimJob, now: number): Job {
  const progress = jobProgress(job, now);
  const lineStatus = progress.status === "Awaiting Artwork" ? "Received" : progress.status;
  return {
    jobNumber: job.jobNumber,
    description: job.description,
    comments: job.comments,
    jobStatus: progress.status,
    orderNumber: job.orderNumber,
    dateDue: job.dateDue,
    mustDate: job.mustDate,
    creator: "API",
    invoiceNumber: progress.dateOut !== null ? `INV-${job.jobNumber}` : null,
    orderGroup: job.orderGroup,
    orderGroupSequence: job.orderGroupSequence,
    customerId: job.accountId,
    dateIn: new Date(job.createdAt).toISOString(),
    dateOut: progress.dateOut,
    shippedDateStatus: progress.dateOut !== null ? "On time" : null,
    shippedDaysToProcess: progress.dateOut !== null ? -1 : null,
    processingDays: progress.dateOut !== null ? 4 : null,
    taxTotal: job.taxTotal,
    isCancelable: progress.isCancelable,
    permissions: { canEdit: progress.canEdit, lockedReason: progress.lockedReason },
    location: job.location,
    invoiceFile:
      progress.dateOut !== null
        ? {
            uri: `https://files.vendor.example/invoices/INV-${job.jobNumber}.pdf?sig=sim`,
            uriExpires: new Date(now + 3_600_000).toISOString(),
          }
        : null,
    lines: job.lines.map((line) => ({
      jobLineId: line.jobLineId,
      assetSku: line.assetSku,
      processCode: line.processCode,
      garment: line.garment,
      description: line.description,
      comments: line.comments,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      customerReference: line.customerReference,
      imageUrl: line.imageUrl,
      gang: null,
      jobLineStatus: progress.isCancelled ? "Cancelled" : lineStatus,
    })),
    shippingAddresses: [
      {
        trackingNumber: progress.trackingNumber,
        trackingLink: progress.trackingNumber ? `https://track.courier.example/${progress.trackingNumber}` : null,
      },
    ],
  };
}

function activeJob(job: SimJob, now: number): ActiveJob {
  const progress = jobProgress(job, now);
  return {
    permissions: { canEdit: progress.canEdit, lockedReason: progress.lockedReason },
    jobNumber: job.jobNumber,
    masterJobStatus: progress.status,
    originCode: job.originCode,
    description: job.description ?? "",
    mustDate: job.mustDate,
    dateDue: job.dateDue,
    dateOut: progress.dateOut,
    shippedDaysToProcess: progress.dateOut !== null ? -1 : null,
    orderNumber: job.orderNumber ?? "",
    orderGroup: job.orderGroup,
    orderGroupSequence: job.orderGroupSequence,
    tracking: progress.trackingNumber
      ? [
          {
            trackingNumber: progress.trackingNumber,
            trackingLink: `https://track.courier.example/${progress.trackingNumber}`,
          },
        ]
      : [],
  };
}

function nextAssetTag(state: AccountState, createDate: string): string {
  const sequence = state.nextAssetSequence++;
  return state.fixtures.assetTag(state.account, sequence, createDate);
}

export const createJob: Handler = (context) => {
  const { core, state, user, headers } = context;
  const parsed = JobCandidate.safeParse(context.body);
  if (!parsed.success) return zodFieldErrors(parsed.error.issues);
  const candidate = parsed.data;
  const applicationHeader = headers["x-application-name"];
  const applicationName =
    (Array.isArray(applicationHeader) ? applicationHeader[0] : applicationHeader)?.trim() || "API";
  const check = checkJob(candidate, {
    state,
    applicationName,
    now: core.now(),
    promoCodes: core.promoCodes,
    earliestDate: (processCodes) => earliestDateFor(context, processCodes),
  });
  if (check.outcome === "invalid") return validationFailure(check.messages);
  if (check.outcome === "server-error") return opaqueServerError();
  if (candidate.validateOnly) {
    return ok({
      isValid: true,
      message: "The job is valid. It was not created (validateOnly).",
      validationMessages: [],
    });
  }

  const jobNumber = core.allocateJobNumber();
  const location = LOCATIONS.find((l) => l.code === candidate.locationCodeOverride) ?? {
    name: state.region.locationName,
    timezone: state.region.timezone,
  };
  const lines: SimJobLine[] = check.lines.map((line, index) => {
    const newAssetSku = line.itemType === "PriceCode" ? nextAssetTag(state, new Date(core.now()).toISOString()) : null;
    const source = line.source;
    if (newAssetSku !== null) {
      const entry = state.catalogue.get(source.code ?? "");
      state.assets.push({
        assetId: state.account.id * 1000 + state.nextAssetSequence - 1,
        assetTag: newAssetSku,
        processCode: line.processCode,
        description: line.description,
        garment: line.garment,
        priceTierCode: state.account.priceTierCode,
        setup: entry?.priceCode.standardSetup ?? 0,
        reset: entry?.priceCode.standardReset ?? 6.5,
        priceCode: source.code ?? null,
        assetUrl: source.externalArtworkUrl ?? null,
        createDate: new Date(core.now()).toISOString(),
        isGlobal: false,
        isArchived: false,
        priceBands: entry?.priceCode.priceBands ?? [],
        externalId: source.externalId ?? null,
        customerId: state.account.id,
        ownerId: state.account.id,
        attributes: Object.fromEntries(Object.entries(source.attributes ?? {}).map(([k, v]) => [k, String(v)])),
      });
    }
    return {
      jobLineId: jobNumber * 100 + index + 1,
      itemType: line.itemType,
      assetSku: newAssetSku ?? line.assetSku ?? "",
      processCode: line.processCode,
      garment: line.garment,
      description: line.description,
      comments: source.comment ?? "",
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      customerReference: source.customerReference ?? "",
      imageUrl: source.externalArtworkUrl ?? "",
      needsArtwork: line.itemType === "PriceCode" && line.needsArtwork,
      newAssetSku,
      variantCode: source.variantCode ?? null,
      sizeQuantities: source.sizeQuantities ?? null,
      attributes: source.attributes ?? {},
    };
  });
  const subtotal = round2(
    check.lines.reduce((sum, line) => sum + line.quantity * line.unitPrice + line.oneOffCharge, 0),
  );
  const taxRate = state.region.id === "au" ? 0.1 : 0.15;
  const job: SimJob = {
    jobNumber,
    accountId: state.account.id,
    userId: candidate.customerUserId ?? user.id,
    createdAt: core.now(),
    originCode: applicationName,
    location: { name: location.name, timezone: location.timezone },
    lines,
    deliveryAddress: candidate.deliveryAddress ?? {},
    totalJobCost: subtotal,
    taxTotal: round2(subtotal * taxRate),
    orderGroup: candidate.orderGroup ?? null,
    orderGroupSequence: candidate.orderGroupSequence ?? null,
    orderComment: candidate.orderComment ?? null,
    description: candidate.description ?? null,
    comments: candidate.orderComment ?? null,
    orderNumber: candidate.orderNumber ?? null,
    dateDue: check.dateDue,
    mustDate: candidate.mustDate ?? false,
    cancelledAt: null,
  };
  state.jobs.set(jobNumber, job);
  return ok(
    {
      jobNumber,
      location: location.name,
      dateDue: job.dateDue,
      totalJobCost: subtotal,
      expectingArtworkToBeUploaded: lines.some((line) => line.needsArtwork),
      jobLineDetails: lines.map((line) => ({
        needsArtworkToBeUploaded: line.needsArtwork,
        customerReference: line.customerReference,
        quantity: line.quantity,
        newAssetSku: line.newAssetSku,
        jobLineLabelUrl: null,
      })),
    },
    201,
  );
};

export const getJob: Handler = (context) => {
  const job = ownJob(context);
  return job === undefined ? notFound() : ok(jobDetail(job, context.core.now()));
};

export const patchJob: Handler = (context) => {
  const job = ownJob(context);
  if (job === undefined) return notFound();
  const parsed = PatchJobDto.safeParse(context.body ?? {});
  if (!parsed.success) return zodFieldErrors(parsed.error.issues);
  const patch = parsed.data;
  if (patch.locationCode != null) return forbidden("locationCode may be changed by back-office callers only.");
  const progress = jobProgress(job, context.core.now());
  if (!progress.canEdit) return forbidden(progress.lockedReason ?? "The job is locked for editing.");
  if (patch.dateDue != null) {
    const requested = patch.dateDue.slice(0, 10);
    const processCodes = [...new Set(job.lines.map((line) => line.processCode))];
    const earliest = earliestDateFor(context, processCodes);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(requested)) return fieldErrors({ dateDue: [`"${patch.dateDue}" is not a date.`] });
    if (earliest !== undefined && requested < earliest) {
      return fieldErrors({
        dateDue: [`The factory cannot meet ${requested}; the earliest possible date is ${earliest}.`],
      });
    }
    job.dateDue = requested;
  }
  if (patch.description != null) job.description = patch.description;
  if (patch.comments != null) job.comments = patch.comments;
  if (patch.orderNumber != null) job.orderNumber = patch.orderNumber;
  if (patch.mustDate != null) job.mustDate = patch.mustDate;
  return ok(jobDetail(job, context.core.now()));
};

export const cancelJob: Handler = (context) => {
  const job = ownJob(context);
  if (job === undefined) return notFound();
  if (job.cancelledAt !== null) return noContent();
  const progress = jobProgress(job, context.core.now());
  if (!progress.isCancelable) {
    return problem(
      409,
      "Conflict",
      `Job ${job.jobNumber} is ${progress.status.toLowerCase()} and can no longer be cancelled.`,
    );
  }
  job.cancelledAt = context.core.now();
  return noContent();
};

export const listActiveJobs: Handler = (context) => {
  const { core, state, query } = context;
  const read = readQuery(ENDPOINTS.listActiveJobs.query, query);
  if (!read.ok) return read.refusal;
  const {
    page = 1,
    pageSize,
    excludeJobNumber: exclude = 0,
    includeClosedJobs: includeClosed,
    orderGroup,
  } = read.value;
  const { sortColumn = "JobNumber", sortDirection: direction = "desc", customerUserId: userFilter } = read.value;
  if (userFilter !== undefined && !state.account.users.some((u) => u.id === userFilter)) {
    return fieldErrors({ customerUserId: [`User ${userFilter} is not a user of this customer.`] });
  }
  const search = read.value.searchText?.trim().toLowerCase();
  const now = core.now();
  const rows = [...state.jobs.values()]
    .map((job) => ({ job, progress: jobProgress(job, now) }))
    .filter(({ progress }) => !progress.isCancelled && (includeClosed || !progress.isClosed))
    .filter(({ job }) => job.jobNumber !== exclude)
    .filter(({ job }) => userFilter === undefined || job.userId === userFilter)
    .filter(({ job }) => orderGroup === undefined || job.orderGroup === orderGroup)
    .filter(
      ({ job }) =>
        search === undefined ||
        String(job.jobNumber).includes(search) ||
        (job.orderNumber ?? "").toLowerCase().includes(search) ||
        (job.description ?? "").toLowerCase().includes(search),
    );
  const keys: Record<(typeof ACTIVE_JOB_SORT_COLUMNS)[number], (row: (typeof rows)[number]) => string | number | null> =
    {
      JobNumber: ({ job }) => job.jobNumber,
      DateDue: ({ job }) => job.dateDue,
      OrderNumber: ({ job }) => job.orderNumber,
      Status: ({ progress }) => progress.status,
      DateOut: ({ progress }) => progress.dateOut,
    };
  rows.sort(compareBy(keys[sortColumn], direction.toLowerCase().startsWith("desc")));
  const totalPages = Math.max(1, Math.ceil(rows.length / pageSize));
  return ok({
    items: rows.slice((page - 1) * pageSize, page * pageSize).map(({ job }) => activeJob(job, now)),
    totalCount: rows.length,
    pageNumber: page,
    pageSize,
    totalPages,
    hasPreviousPage: page > 1,
    hasNextPage: page < totalPages,
  });
};

export const listDeliveryOptions: Handler = ({ state }) => ok(state.fixtures.deliveryOptions);

export const getEarliestShipDate: Handler = ({ core, state, query }) => {
  const read = readQuery(ENDPOINTS.getEarliestShipDate.query, query);
  if (!read.ok) return read.refusal;
  const { processCodes } = read.value;
  const date = earliestShipDate(processCodes, core.now(), state.region.timezone);
  return date === undefined ? notFound("No ship date is available for those processes.") : ok(date);
};
