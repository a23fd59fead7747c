import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after the answer has gone out: token issue and mail sending for register, reset-password and
 * resend-verification. Whether an address has an account must not show in how long the answer takes, and an SMTP
 * server takes hundreds of milliseconds per mail, so none of it may run on the response path.
 *
 * Bounded: at most `concurrency` jobs run at once and at most `maxWaiting` wait (the routes are rate-limited; this
 * only smooths bursts); a job posted to a full queue is dropped with a logged warning, and a failing job is logged,
 * never retried (the user asks again). `drain` waits for the jobs, but never longer than its deadline: a closing
 * server with an SMTP server that does not answer stops on time (and frees DATA_DIR) instead of waiting for it.
 */
export interface MailOutbox {
  post(label: string, job: () => Promise<void>): void;
  /** Resolves when every posted job has finished, or after `deadlineMs` (logging what is left). Takes no new job. */
  drain(deadlineMs?: number): Promise<void>;
}

export interface MailOutboxLimits {
  concurrency: number;
  maxWaiting: number;
  /** Default deadline of `drain`. */
  drainMs: number;
}

const DEFAULT_MAIL_OUTBOX_LIMITS: MailOutboxLimits = { concurrency: 4, maxWaiting: 1000, drainMs: 10_000 };

export function createMailOutbox(log: FastifyBaseLogger, limits: MailOutboxLimits = DEFAULT_MAIL_OUTBOX_LIMITS): MailOutbox {
  const waiting: Array<{ label: string; job: () => Promise<void> }> = [];
  let running = 0;
  let closed = false;
  const idle: Array<() => void> = [];

  const next = () => {
    while (running < limits.concurrency && waiting.length) {
      const { label, job } = waiting.shift()!;
      running += 1;
      void Promise.resolve()
        .then(job)
        .catch((err: unknown) => log.error({ err }, `${label}: the mail could not be sent`))
        .finally(() => {
          running -= 1;
          next();
        });
    }
    if (running === 0 && waiting.length === 0) idle.splice(0).forEach((resolve) => resolve());
  };

  return {
    post(label, job) {
      if (closed) {
        log.warn(`${label}: the server is stopping, the mail is not sent`);
        return;
      }
      if (waiting.length >= limits.maxWaiting) {
        log.warn(`${label}: ${waiting.length} mails are waiting already, this one is dropped`);
        return;
      }
      waiting.push({ label, job });
      // After the current request's answer: the job starts on a later turn of the event loop.
      setImmediate(next);
    },
    drain(deadlineMs = limits.drainMs) {
      closed = true;
      if (running === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          log.warn(`Stopping: ${running + waiting.length} mail(s) not sent within ${deadlineMs} ms, given up`);
          waiting.length = 0;
          resolve();
        }, deadlineMs);
        idle.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
