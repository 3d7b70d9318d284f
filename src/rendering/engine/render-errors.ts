/** The browser went away (crashed, killed, disconnected) while the render held it. */
export class BrowserCrashedError extends Error {}

/** The render ran past its deadline: it was stopped and its result, if any, discarded. */
export class RenderDeadlineError extends Error {}

/** The render's renderer went over the memory budget and was killed. */
export class RenderMemoryError extends Error {}
