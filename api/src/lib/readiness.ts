/**
 * Whether this process should be sent traffic: not once it has begun to stop (SIGTERM), and
 * not while its database cannot be reached. `/api/health` answers from it; a load balancer
 * that reads it stops sending requests before the process goes.
 */
export class Readiness {
  stopping = false;
}

/** Resolves like `work`, or rejects after `ms`: a check that must answer in time whatever the database does. */
export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`no answer within ${ms} ms`)), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
