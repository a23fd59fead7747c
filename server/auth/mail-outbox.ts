import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after the answer has gone out: token issue and mail sending for register, reset-password and
 * resend-verification. Whether an address has an account must not show in how long the answer takes, and an SMTP
 * server takes hundreds of milliseconds per mail, so none of it may run on the response path.
 *
 * At most `concurrency` jobs run at once (the routes are rate-limited, this only smooths bursts); a failing job is
 * logged, never retried (the user asks again). `drain` waits for every job, so a closing server finishes its mails.
 */
export interface MailOutbox {
  post(label: string, job: () => Promise<void>): void;
  /** Resolves when every posted job has finished. */
  drain(): Promise<void>;
}

export function createMailOutbox(log: FastifyBaseLogger, concurrency = 4): MailOutbox {
  const waiting: Array<{ label: string; job: () => Promise<void> }> = [];
  let running = 0;
  const idle: Array<() => void> = [];

  const next = () => {
    while (running < concurrency && waiting.length) {
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
      waiting.push({ label, job });
      // After the current request's answer: the job starts on a later turn of the event loop.
      setImmediate(next);
    },
    drain() {
      if (running === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idle.push(resolve));
    },
  };
}
