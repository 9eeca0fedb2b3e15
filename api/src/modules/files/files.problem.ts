/**
 * The two refusals of this module whose codes are not in ERROR_STATUS yet: 415 for a file
 * type outside the allowlist and 410 for an expired download link. The routes turn them into
 * problem+json with these codes (files.routes.ts `answer`).
 */
export type FileProblemCode = 'UNSUPPORTED_MEDIA_TYPE' | 'LINK_EXPIRED';

const STATUS: Record<FileProblemCode, 410 | 415> = { UNSUPPORTED_MEDIA_TYPE: 415, LINK_EXPIRED: 410 };

export class FileProblem extends Error {
  readonly status: 410 | 415;
  constructor(
    readonly code: FileProblemCode,
    message: string,
  ) {
    super(message);
    this.name = 'FileProblem';
    this.status = STATUS[code];
  }
}
