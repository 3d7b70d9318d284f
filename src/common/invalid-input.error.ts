/** Input refused by a service (not HTTP-specific); the CLI maps it to exit code 2. */
export class InvalidInputError extends Error {}

/** A named thing does not exist; the CLI maps it to exit code 3. */
export class NotFoundError extends Error {}
